// `isocode serve --http --stateless` (rule R-143): an elicitation's answer could not reach the
// same server, so even a client that declared elicitation gets the paused run at once.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServe } from '../serve-helpers.ts'
import type { Served } from '../serve-helpers.ts'
import { PROGRAM, ran, scratch } from './helpers.ts'
import { call, overHttp } from './mcp-client.ts'
import type { Connected } from './mcp-client.ts'

let dir = ''
let served: Served | undefined
let client: Connected | undefined

beforeAll(async () => {
  dir = await scratch('isocode-serve-stateless-approvals-')
  const store = `file:${join(dir, 'runs.db')}`
  const flags = ['--tools', 'tools.mjs', '--approve', 'send_email', '--isolation', 'isolate', '--store', store]
  served = await startServe(['--http', '127.0.0.1:0', '--stateless', ...flags], dir)
})
afterAll(async () => {
  await client?.close().catch(() => undefined)
  served?.child.kill('SIGTERM')
  await served?.exit
  await rm(dir, { recursive: true, force: true })
})

it('a client with elicitation is not asked; run_code returns the run paused and the call never ran', async () => {
  client = await overHttp((served as Served).url, () => ({ action: 'accept', content: {} }))
  await client.client.listTools()
  const result = await call(client.client, 'run_code', { code: PROGRAM })
  expect(client.asked).toHaveLength(0)
  expect(result.structuredContent).toMatchObject({ status: 'paused', pending: [{ tool: 'send_email' }] })
  expect(await ran(dir, 'send_email')).toBe(0)
})
