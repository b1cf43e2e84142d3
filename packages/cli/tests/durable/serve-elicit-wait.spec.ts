// `isocode serve --approval-wait-s 1` with a client that declared elicitation and never answers
// (rule R-143): the run is parked and run_code returns it paused; the call never ran.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PROGRAM, ran, scratch } from './helpers.ts'
import { call, overStdio, textOf } from './mcp-client.ts'
import type { Connected } from './mcp-client.ts'

let dir = ''
let served: Connected

beforeAll(async () => {
  dir = await scratch('isocode-serve-elicit-wait-')
  const flags = ['--tools', 'tools.mjs', '--approve', 'send_email', '--isolation', 'isolate']
  // why: the user never answers; whatever the machine's speed, only the server's wait ends the question.
  const never = new Promise<never>(() => undefined)
  served = await overStdio(
    dir,
    [...flags, '--store', `file:${join(dir, 'runs.db')}`, '--approval-wait-s', '1'],
    () => never,
  )
  await served.client.listTools()
})
afterAll(async () => {
  await served?.close()
  await rm(dir, { recursive: true, force: true })
})

it('an unanswered question parks the run: run_code returns it paused and the gated call never ran', async () => {
  const result = await call(served.client, 'run_code', { code: PROGRAM })
  expect(result.isError).toBeFalsy()
  expect(result.structuredContent).toMatchObject({ status: 'paused', pending: [{ tool: 'send_email' }] })
  expect(textOf(result)).toContain('run_resume')
  expect(served.asked).toHaveLength(1)
  expect(await ran(dir, 'send_email')).toBe(0)
})
