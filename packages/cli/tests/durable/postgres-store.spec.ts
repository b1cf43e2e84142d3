// Across processes on PostgreSQL (rule R-142): one `isocode run` pauses, another process approves
// with `isocode runs approve`, and the call runs exactly once. Under CI an unreachable server fails
// the run (the CLI cannot open its store), it never skips.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { handedOver, isocode, ran, scratch } from './helpers.ts'

// why: a schema of its own per test file, and per run of it, so runs of other files never mix in.
const STORE = `postgres://postgres@127.0.0.1:5432/test?schema=cli_durable_${process.pid}`
let dir = ''

beforeAll(async () => {
  dir = await scratch('isocode-durable-pg-')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

it('a run paused in one process is approved and resumed by another; the gated call runs once', async () => {
  const paused = await isocode(dir, [
    'run',
    'send.ts',
    '--tools',
    'tools.mjs',
    '--approve',
    'send_email',
    '--store',
    STORE,
  ])
  expect(paused.stderr).toContain('the run paused: 1 call needs approval')
  expect(paused.code).toBe(3)
  const { runId, approve } = handedOver(paused.stderr)
  expect(approve).toContain(`'${STORE}'`)
  expect(await ran(dir, 'send_email')).toBe(0)

  const done = await isocode(
    dir,
    approve.map((word) => word.replaceAll("'", '')),
  )
  expect(done.code).toBe(0)
  expect(done.stdout).toContain('sent to ada@example.com')
  expect(await ran(dir, 'send_email')).toBe(1)
  expect(await ran(dir, 'lookup')).toBe(1)

  const shown = await isocode(dir, ['runs', 'show', runId, '--store', STORE, '--json'])
  expect(JSON.parse(shown.stdout)).toMatchObject({ runId, status: 'completed', pending: [] })
}, 240_000)
