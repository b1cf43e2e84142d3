// `isocode serve` over stdio with a client without elicitation (rules ): run_code
// returns the paused run as data, run_resume answers "still waiting" and runs nothing until the
// user decides the run with `isocode runs approve` in another process, across a serve restart.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isocode, PROGRAM, ran, scratch } from './helpers.ts'
import { call, overStdio, textOf } from './mcp-client.ts'
import type { Connected } from './mcp-client.ts'

let dir = ''
let flags: string[] = []
let served: Connected | undefined

beforeAll(async () => {
  dir = await scratch('isocode-serve-resume-')
  flags = [
    '--tools',
    'tools.mjs',
    '--approve',
    'send_email',
    '--isolation',
    'isolate',
    '--store',
    `file:${join(dir, 'runs.db')}`,
  ]
})
afterAll(async () => {
  await served?.close()
  await rm(dir, { recursive: true, force: true })
})

it('pauses, waits, is approved from the CLI after a serve restart, and run_resume returns the result', async () => {
  served = await overStdio(dir, flags)
  const { tools } = await served.client.listTools()
  const runCode = tools.find((tool) => tool.name === 'run_code')
  expect(Object.keys(runCode?.outputSchema?.properties ?? {})).toEqual(
    expect.arrayContaining(['status', 'runId', 'pending']),
  )
  expect(tools.map((tool) => tool.name)).toContain('run_resume')

  const paused = await call(served.client, 'run_code', { code: PROGRAM })
  expect(paused.isError).toBeFalsy()
  const structured = paused.structuredContent as {
    status: string
    runId: string
    pending: { seq: number; tool: string; line: number }[]
  }
  expect(structured.status).toBe('paused')
  expect(structured.pending).toEqual([
    expect.objectContaining({ tool: 'send_email', args: { to: 'ada@example.com', body: 'hello' }, line: 2 }),
  ])
  const { runId } = structured
  expect(textOf(paused)).toContain(`isocode runs approve ${runId} --store`)
  expect(textOf(paused)).toContain('run_resume')
  expect(await ran(dir, 'send_email')).toBe(0)

  // run_resume never decides; before a decision it says the run waits and runs nothing.
  const early = await call(served.client, 'run_resume', { runId })
  expect(early.isError).toBeFalsy()
  expect(textOf(early)).toContain('still waiting')
  expect(early.structuredContent).toMatchObject({ status: 'paused', runId })
  expect(await ran(dir, 'send_email')).toBe(0)

  // a new serve process on the same store knows the run.
  await served.close()
  served = await overStdio(dir, flags)
  await served.client.listTools()
  const again = await call(served.client, 'run_resume', { runId })
  expect(textOf(again)).toContain('still waiting')
  expect(await ran(dir, 'send_email')).toBe(0)

  const approved = await isocode(dir, ['runs', 'approve', runId, ...flags])
  expect({ code: approved.code, stderr: approved.stderr }).toMatchObject({ code: 0 })
  expect(await ran(dir, 'send_email')).toBe(1)

  const done = await call(served.client, 'run_resume', { runId })
  expect(done.isError).toBeFalsy()
  expect(done.structuredContent).toMatchObject({
    status: 'completed',
    runId,
    value: { sent: 'sent to ada@example.com' },
  })
  expect(await ran(dir, 'send_email')).toBe(1)
  expect(await ran(dir, 'lookup')).toBe(1)
})

it('run_resume of an unknown run names it and runs nothing', async () => {
  const result = await call((served as Connected).client, 'run_resume', { runId: 'no-such-run' })
  expect(result.isError).toBe(true)
  expect(textOf(result)).toContain('no-such-run')
})
