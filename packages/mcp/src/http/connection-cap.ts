import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** Open connections at most by default: room for every session's GET stream and a POST, then some. */
export const DEFAULT_MAX_CONNECTIONS = 512

// why: a socket over the cap that sends no request is not kept waiting for one.
const OVER_CAP_IDLE_MS = 5_000

/**
 * Count the server's open connections; past `max`, a new connection's first request is answered
 * with HTTP 503 and a JSON-RPC error naming the cap, and the connection is closed. Returns
 * whether a socket is one of those over the cap, and how many connections are open.
 */
export function capConnections(http: Server, max: number): { overCap(socket: Socket): boolean; open(): number } {
  let open = 0
  const over = new WeakSet<Socket>()
  http.on('connection', (socket: Socket) => {
    if (open >= max) {
      over.add(socket)
      socket.setTimeout(OVER_CAP_IDLE_MS, () => socket.destroy())
      return
    }
    open += 1
    socket.once('close', () => (open -= 1))
  })
  return { overCap: (socket) => over.has(socket), open: () => open }
}
