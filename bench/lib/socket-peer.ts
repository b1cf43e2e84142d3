// The floor under a supervised binding call: one round trip of a byte between this process and a
// child Node process over the same kind of channel the runtime uses (a socket pair on fd 3), with
// nothing else on either side. The supervised suite reports its per-call cost against this.
import { type ChildProcess, spawn } from 'node:child_process'
import type { Duplex } from 'node:stream'

// why: the echo side as inline code, so the peer needs no file and no loader (tsx) of its own.
const ECHO =
  "const s = new (require('node:net').Socket)({ fd: 3, readable: true, writable: true }); s.on('data', (d) => s.write(d))"

/** A child process that echoes every chunk it reads on fd 3. */
export interface SocketPeer {
  /** Send one byte and await its echo, `count` times in sequence. */
  roundTrips(count: number): Promise<void>
  close(): void
}

/** Start the echo child and wait until one round trip went through. */
export async function startSocketPeer(): Promise<SocketPeer> {
  const child: ChildProcess = spawn(process.execPath, ['-e', ECHO], { stdio: ['ignore', 'inherit', 'inherit', 'pipe'] })
  const socket = child.stdio[3] as Duplex | null
  if (socket === null) throw new Error('bench: the socket peer has no fd 3')
  const roundTrips = (count: number): Promise<void> =>
    new Promise((resolve, reject) => {
      let left = count
      const onData = (chunk: Buffer): void => {
        // why: one byte in flight at a time, so every chunk is exactly one echo.
        if (chunk.length !== 1) return reject(new Error(`bench: the socket peer echoed ${chunk.length} bytes`))
        if (--left > 0) return void socket.write('x')
        socket.off('data', onData)
        resolve()
      }
      socket.on('data', onData)
      socket.write('x')
    })
  await roundTrips(1)
  return { roundTrips, close: () => void child.kill() }
}
