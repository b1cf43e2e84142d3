// `isocode run` while the program runs: the live timeline (terminal and plain), --json, and
// Ctrl-C (SIGINT to a real child process) aborting the run with the logs so far in the report.
import { spawn } from 'node:child_process'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RunEvent } from '@isocode/registry'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '../src/commands.ts'
import { INTERRUPTED } from '../src/run-program.ts'
import type { Io } from '../src/io.ts'
import { liveTimeline } from '../src/live.ts'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'isocode.mjs')
let dir = ''

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-live-')))
  await writeFile(
    join(dir, 'tools.mjs'),
    `export default [
  { name: 'tick', description: 'Wait 20 ms.', parameters: { type: 'object' }, execute: async () => { await new Promise((r) => setTimeout(r, 20)); return [{ type: 'text', text: 'tick' }] } },
  { name: 'wait_abort', description: 'Wait until aborted.', parameters: { type: 'object' }, execute: (_args, exec) => new Promise((_resolve, reject) => {
    process.stderr.write('wait_abort: started\\n')
    const stop = () => { process.stderr.write('wait_abort: aborted\\n'); reject(new Error('aborted')) }
    if (exec.signal?.aborted) stop(); else exec.signal?.addEventListener('abort', stop, { once: true })
  }) },
]\n`,
  )
  await writeFile(
    join(dir, 'ticks.ts'),
    'console.log("start")\nfor (let i = 0; i < 3; i++) await tools.tick({})\nreturn "done"\n',
  )
  await writeFile(
    join(dir, 'hangs.ts'),
    'console.log("before")\nfor (let i = 0; i < 3; i++) await tools.tick({})\nconsole.log("waiting")\nawait tools.wait_abort({})\nreturn "never"\n',
  )
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

function capture(tty: boolean): Io & { stdout: string; stderr: string; shown: string } {
  const io = {
    stdout: '',
    stderr: '',
    shown: '',
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
    live: { tty, write: (text: string) => void (io.shown += text) },
  }
  return io
}

const options = (program: string, json = false) => ({
  mcp: [],
  tools: join(dir, 'tools.mjs'),
  workspace: false,
  root: dir,
  program: join(dir, program),
  isolation: 'isolate' as const,
  json,
})

const finished = (call: number, ok: boolean): RunEvent => ({
  type: 'call-finished',
  callId: `r:code:${call}`,
  call,
  tool: 'tick',
  ms: 12.4,
  ok,
  bytes: 6,
  ...(ok ? {} : { code: 'TOOL_FAILED' }),
})

describe('the live timeline', () => {
  it('plain (not a terminal): one line per finished call, no control characters', () => {
    const shown: string[] = []
    const live = liveTimeline({ tty: false, write: (text) => void shown.push(text) })
    live.listener({ type: 'call-started', callId: 'r:code:1', call: 1, tool: 'tick' })
    live.listener(finished(1, true))
    live.listener(finished(2, false))
    live.end()
    expect(shown).toEqual(['isocode: [1] tick  12 ms  ok\n', 'isocode: [2] tick  12 ms  error TOOL_FAILED\n'])
  })

  it('past 3 alike calls in a row, one line counts the rest when the streak ends', () => {
    const shown: string[] = []
    const live = liveTimeline({ tty: false, write: (text) => void shown.push(text) })
    for (let call = 1; call <= 1000; call++) live.listener(finished(call, true))
    live.listener(finished(1001, false))
    live.listener(finished(1002, false))
    live.end()
    expect(shown).toEqual([
      'isocode: [1] tick  12 ms  ok\n',
      'isocode: [2] tick  12 ms  ok\n',
      'isocode: [3] tick  12 ms  ok\n',
      'isocode: … 997 more tick calls  ok\n',
      'isocode: [1001] tick  12 ms  error TOOL_FAILED\n',
      'isocode: [1002] tick  12 ms  error TOOL_FAILED\n',
    ])
  })

  it('on a terminal: each finished call above a status line redrawn in place with the running counter', () => {
    let screen = ''
    const live = liveTimeline({ tty: true, write: (text) => void (screen += text) })
    live.listener({ type: 'call-started', callId: 'r:code:1', call: 1, tool: 'tick' })
    expect(screen).toMatch(/^… 0 calls done, 1 running · \d+\.\d s$/)
    live.listener(finished(1, true))
    live.listener(finished(2, false))
    expect(screen).toContain('\r\u001B[Kisocode: [1] tick  12 ms  ok\n… 1 call done · ')
    expect(screen).toMatch(/isocode: \[2\] tick {2}12 ms {2}error TOOL_FAILED\n… 2 calls done, 1 failed · \d+\.\d s$/)
    live.end()
    expect(screen.endsWith('\r\u001B[K')).toBe(true)
  })

  it('run shows each call live and keeps the report on stdout', async () => {
    const io = capture(false)
    expect(await runCommand(io, options('ticks.ts'))).toBe(0)
    expect(io.shown.trimEnd().split('\n')).toEqual(
      [1, 2, 3].map((n) => expect.stringMatching(new RegExp(`^isocode: \\[${n}\\] tick  \\d+ ms  ok$`))),
    )
    expect(io.stdout).toContain('── tool calls (3)')
    expect(io.stderr).toBe('')
  })

  it('--json prints the structured result only, and nothing live', async () => {
    const io = capture(true)
    expect(await runCommand(io, options('ticks.ts', true))).toBe(0)
    expect(io.shown).toBe('')
    expect(io.stdout.endsWith('\n')).toBe(true)
    expect(JSON.parse(io.stdout)).toEqual({
      ok: true,
      value: 'done',
      logs: ['start'],
      usage: { cpuMs: expect.any(Number), wallMs: expect.any(Number), toolCalls: 3, outputBytes: expect.any(Number) },
    })
  })
})

/**
 * Run `hangs.ts` in a real `isocode` process, wait until its tool is in flight, `interrupt` it,
 * and return the exit code and both streams.
 */
async function interrupted(
  detached: boolean,
  interrupt: (pid: number) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [bin, 'run', 'hangs.ts', '--tools', 'tools.mjs'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  const waiting = new Promise<void>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      if (stderr.includes('wait_abort: started')) resolve()
    })
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  await waiting
  interrupt(child.pid as number)
  const code = await exited
  return { code, stdout, stderr }
}

describe('Ctrl-C', () => {
  it('SIGINT aborts the run: the tool in flight is aborted, the report has the logs so far, exit code 130', async () => {
    const { code, stdout, stderr } = await interrupted(false, (pid) => process.kill(pid, 'SIGINT'))
    expect(code).toBe(INTERRUPTED)
    expect(stderr).toContain('isocode: interrupted (SIGINT): the run was aborted')
    expect(stderr).toContain('wait_abort: aborted')
    expect(stderr).toMatch(/isocode: \[3\] tick {2}\d+ ms {2}ok\n/)
    expect(stdout).toMatch(/── logs \(2\) ─+\nbefore\nwaiting\n/)
    expect(stdout).toContain('── failed (abort)')
    expect(stdout).toContain('── tool calls (')
  })

  it('a Ctrl-C to the whole process group (launcher, CLI, runtime child) still ends as abort with the report', async () => {
    // why: detached, so the test can signal the group the way a terminal does, without signalling itself.
    const { code, stdout, stderr } = await interrupted(true, (pid) => process.kill(-pid, 'SIGINT'))
    expect(code).toBe(INTERRUPTED)
    expect(stderr).toContain('wait_abort: aborted')
    expect(stdout).toMatch(/── logs \(2\) ─+\nbefore\nwaiting\n/)
    expect(stdout).toContain('── failed (abort)')
  })
})
