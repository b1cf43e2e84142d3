// Scripts that boot a runtime, run a program and forget dispose() still end on their own, with
// code 0, once no run is active; a run still in flight keeps the script alive until it settles
// (RT-43). Each script runs in its own `node --no-node-snapshot` process, as a user's would.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { sleep } from '../helpers.ts'

const SCRIPT = fileURLToPath(new URL('./forgetful.ts', import.meta.url))
const PACKAGE = fileURLToPath(new URL('../../', import.meta.url))
// why: a bound on a process that should end by itself; generous for a loaded machine (booting
// from source through tsx takes seconds there), and a hang is killed and reported, not waited on.
const EXIT_BOUND_MS = 30_000

interface Ended {
  code: number | null
  signal: NodeJS.Signals | null
  printed: { value?: unknown; children?: number[] } | undefined
  stderr: string
  killed: boolean
}

function forgetful(isolation: 'process' | 'isolate', mode: 'idle' | 'in-flight'): Promise<Ended> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--no-node-snapshot', '--conditions=@isocode/source', '--import', 'tsx', SCRIPT, isolation, mode],
      { cwd: PACKAGE, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    let killed = false
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
    const bound = setTimeout(() => {
      killed = true
      child.kill('SIGKILL')
    }, EXIT_BOUND_MS)
    child.on('close', (code, signal) => {
      clearTimeout(bound)
      const line = stdout
        .trim()
        .split('\n')
        .findLast((text) => text.startsWith('{'))
      resolve({ code, signal, printed: line === undefined ? undefined : JSON.parse(line), stderr, killed })
    })
  })
}

/** Whether every pid is gone within `ms` (a runtime child ends once its parent's channel closes). */
async function gone(pids: number[], ms = 10_000): Promise<boolean> {
  for (const deadline = performance.now() + ms; performance.now() < deadline; await sleep(50)) {
    if (pids.every((pid) => !existsSync(`/proc/${pid}`))) return true
  }
  return false
}

describe.each(['process', 'isolate'] as const)(
  'a script on the %s-isolated runtime that never disposes it',
  (isolation) => {
    it(
      'exits by itself with code 0 after printing the value',
      async () => {
        const ended = await forgetful(isolation, 'idle')
        expect({ ...ended, printed: ended.printed?.value }).toEqual({
          code: 0,
          signal: null,
          printed: 42,
          stderr: '',
          killed: false,
        })
        expect(ended.printed?.children).toHaveLength(isolation === 'process' ? 1 : 0)
        expect(await gone(ended.printed?.children ?? [])).toBe(true)
      },
      EXIT_BOUND_MS + 20_000,
    )

    it(
      'stays alive for a run in flight and prints its result before it exits',
      async () => {
        const ended = await forgetful(isolation, 'in-flight')
        expect({ ...ended, printed: ended.printed?.value }).toEqual({
          code: 0,
          signal: null,
          printed: 42,
          stderr: '',
          killed: false,
        })
        expect(await gone(ended.printed?.children ?? [])).toBe(true)
      },
      EXIT_BOUND_MS + 20_000,
    )
  },
)
