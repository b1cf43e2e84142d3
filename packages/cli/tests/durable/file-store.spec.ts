// `isocode run` pausing at a gated call and `isocode runs` deciding it from other processes, on
// the embedded store (`file:`) — rules.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handedOver, isocode, ran, scratch } from './helpers.ts'

let dir = ''
const flags = ['--tools', 'tools.mjs', '--approve', 'send_*', '--store', 'file:runs.db']

beforeAll(async () => {
  dir = await scratch('isocode-durable-file-')
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('isocode run --store file: with a gated call', () => {
  it('pauses with exit code 3 and the exact command; runs approve in another process runs the call once', async () => {
    const paused = await isocode(dir, ['run', 'send.ts', ...flags])
    expect(paused.code).toBe(3)
    expect(paused.stderr).toContain('isocode: the run paused: 1 call needs approval\n')
    expect(paused.stderr).toContain('  call 2  tools.send_email({"to":"ada@example.com","body":"hello"}) at 2:')
    const { runId, approve } = handedOver(paused.stderr)
    expect(approve).toEqual([
      'runs',
      'approve',
      runId,
      '--store',
      'file:runs.db',
      '--tools',
      'tools.mjs',
      '--approve',
      "'send_*'",
    ])
    expect(await ran(dir, 'send_email')).toBe(0)
    expect(await ran(dir, 'lookup')).toBe(1)

    const listed = await isocode(dir, ['runs', 'list', '--store', 'file:runs.db', '--json'])
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { runId, status: 'paused', pending: [{ seq: 2, tool: 'send_email' }] },
    ])

    // why: the printed glob is shell-quoted; execFile passes words as they are, so unquote it.
    const done = await isocode(
      dir,
      approve.map((word) => word.replaceAll("'", '')),
    )
    expect(done.stderr).toContain(`isocode: run ${runId} completed`)
    expect(done.code).toBe(0)
    expect(done.stdout).toContain('"sent": "sent to ada@example.com"')
    // why: R-111 — the recorded lookup is replayed, the approved call runs for real, once.
    expect(await ran(dir, 'send_email')).toBe(1)
    expect(await ran(dir, 'lookup')).toBe(1)

    const again = await isocode(
      dir,
      approve.map((word) => word.replaceAll("'", '')),
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`run ${runId} is completed, not paused`)
    expect(await ran(dir, 'send_email')).toBe(1)

    const shown = await isocode(dir, ['runs', 'show', runId, '--store', 'file:runs.db'])
    expect(shown.stdout).toContain(`run ${runId}: completed`)
    expect(shown.stdout).toContain("const sent = await tools.send_email({ to, body: 'hello' })")
  }, 240_000)

  it('runs reject denies the call (the program gets DENIED with the reason) and cancel ends a paused run', async () => {
    const paused = await isocode(dir, ['run', 'send.ts', ...flags])
    expect(paused.code).toBe(3)
    const { runId, reject } = handedOver(paused.stderr)
    const rejected = await isocode(dir, [...reject.map((word) => word.replaceAll("'", '')), '--reason', 'not today'])
    expect(rejected.code).toBe(1)
    expect(rejected.stdout).toContain('not today')
    expect(rejected.stdout).toContain('DENIED')
    expect(await ran(dir, 'send_email')).toBe(1)

    const other = handedOver((await isocode(dir, ['run', 'send.ts', ...flags])).stderr)
    const cancelled = await isocode(dir, ['runs', 'cancel', other.runId, '--store', 'file:runs.db'])
    expect(cancelled).toMatchObject({ code: 0, stdout: `run ${other.runId} cancelled\n` })
    const list = JSON.parse((await isocode(dir, ['runs', 'list', '--store', 'file:runs.db', '--json'])).stdout) as {
      runId: string
      status: string
    }[]
    expect(list.find((run) => run.runId === runId)?.status).toBe('failed')
    expect(list.find((run) => run.runId === other.runId)?.status).toBe('cancelled')
    const unknown = await isocode(dir, ['runs', 'cancel', 'no-such-run', '--store', 'file:runs.db'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('no run "no-such-run"')
  }, 240_000)
})
