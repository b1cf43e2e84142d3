// The bin launcher (bin/isocode.mjs re-runs node with --no-node-snapshot): a launcher killed with
// SIGKILL leaves no server behind, nor does the death of the process that started it (as pnpm's),
// each named in the log; and a port in use is one line naming the port and the flag.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServe } from './serve-helpers.ts'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'isocode.mjs')
let dir = ''
beforeAll(async () => void (dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-launcher-')))))
afterAll(async () => rm(dir, { recursive: true, force: true }))

describe('the isocode launcher', () => {
  it('SIGKILL to the launcher ends the real server: its port closes and every process holding its stderr is gone', async () => {
    // why: default isolation, so the server has supervised runtime children too.
    const served = await startServe(['--http', '127.0.0.1:0'], dir)
    const port = Number(new URL(served.url).port)
    // why: the server and its children write to the launcher's stderr pipe; it closes only when
    // the last process holding it has exited.
    const stderrClosed = new Promise<void>((resolve) => served.child.stderr?.once('close', resolve))
    served.child.kill('SIGKILL')
    expect(await served.exit).toEqual({ code: null, signal: 'SIGKILL' })
    // why: a bound far above what a graceful stop with no running program takes, at any speed.
    const outcome = await Promise.race([
      stderrClosed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 20_000, 'still open')),
    ])
    expect(outcome).toBe('closed')
    expect(await refused(port)).toBe(true)
    // why: the log names what happened, not a SIGTERM nobody sent.
    expect(served.stderr()).toContain(
      `isocode serve: the isocode launcher (pid ${served.child.pid}) is gone: stopping; 0 programs running, 0 queued`,
    )
    expect(served.stderr()).toContain('isocode serve: stopped')
  })

  it('the process that started isocode killed (as pnpm is): serve stops, frees its port, leaves no process, and says why (R-103)', async () => {
    // why: stands in for `pnpm isocode serve`: a parent that starts the launcher and, killed,
    // neither forwards the signal nor takes the launcher with it.
    const starter = [
      "const { spawn } = require('node:child_process')",
      `const child = spawn(process.execPath, [${JSON.stringify(bin)}, 'serve', '--http', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'inherit'] })`,
      'process.stdout.write(String(child.pid))',
    ].join('\n')
    const parent = spawn(process.execPath, ['-e', starter], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let launcherPid = ''
    parent.stdout.on('data', (chunk: Buffer) => (launcherPid += chunk.toString('utf8')))
    const stderrClosed = new Promise<void>((resolve) => parent.stderr.once('close', resolve))
    const url = await new Promise<string>((resolve, reject) => {
      parent.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8')
        const found = / at (http:\/\/\S+\/mcp) /.exec(stderr)?.[1]
        if (found !== undefined) resolve(found)
      })
      parent.once('exit', () => reject(new Error(`the starter exited before serve listened:\n${stderr}`)))
    })
    const port = Number(new URL(url).port)
    const exited = new Promise((resolve) => parent.once('exit', resolve))
    parent.kill('SIGTERM')
    await exited
    // why: the launcher, the server and its runtime children all hold the starter's stderr pipe;
    // it closes only when the last of them has exited.
    const outcome = await Promise.race([
      stderrClosed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 30_000, 'still open')),
    ])
    expect(outcome).toBe('closed')
    expect(await refused(port)).toBe(true)
    // why: a process closes its files before the kernel marks it exited, so the pipe can close a
    // moment before the launcher reads as gone; wait for that, bounded far above any such moment.
    expect(await gone(Number(launcherPid))).toBe(true)
    expect(stderr).toContain(
      `isocode serve: the process that started isocode (pid ${parent.pid}) exited: stopping; 0 programs running, 0 queued`,
    )
    expect(stderr).toContain('isocode serve: stopped')
  })

  it('a port in use is one line naming the port and --http, exit 1, no stack trace', async () => {
    const taken = await listening()
    const port = (taken.address() as AddressInfo).port
    try {
      const served = startServe(['--http', `127.0.0.1:${port}`, '--isolation', 'isolate'], dir)
      const error = await served.then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      )
      const stderr = error?.message.split('\n').slice(1).join('\n').trim()
      expect(error?.message).toMatch(/^isocode serve exited \(1\)/)
      expect(stderr).toBe(
        `isocode serve: port ${port} on 127.0.0.1 is in use; pick another with --http HOST:PORT (0 picks a free port)`,
      )
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})

/** Whether a process with this pid still runs (an exited one that nobody reaped yet does not). */
function alive(pid: number): boolean {
  try {
    // why: Linux keeps an orphan's exit as a zombie until its new parent reaps it; state Z is gone.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self')) return false
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether the process with this pid is gone within 20 s, checked every 50 ms. */
async function gone(pid: number): Promise<boolean> {
  for (const stop = Date.now() + 20_000; Date.now() < stop;) {
    if (!alive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return !alive(pid)
}

function listening(): Promise<Server> {
  const server = createServer()
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Whether a connection to 127.0.0.1:port is refused (nothing listens there). */
async function refused(port: number): Promise<boolean> {
  const { connect } = await import('node:net')
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(false)))
    socket.once('error', () => resolve(true))
  })
}
