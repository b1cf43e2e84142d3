// The bin launcher (bin/isocode.mjs re-runs node with --no-node-snapshot): a launcher killed with
// SIGKILL leaves no server behind, and a port in use is one line naming the port and the flag.
import { createServer } from 'node:net'
import type { AddressInfo, Server } from 'node:net'
import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServe } from './serve-helpers.ts'

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
