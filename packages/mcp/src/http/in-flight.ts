import type { ServerResponse } from 'node:http'

/** A JSON-RPC request id. */
export type RequestId = string | number

/** The ids of the JSON-RPC requests (not notifications or responses) in a parsed POST body. */
export function requestIds(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? body : [body]
  const ids: RequestId[] = []
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue
    const { method, id } = message as { method?: unknown; id?: unknown }
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) ids.push(id)
  }
  return ids
}

/**
 * The requests of one session still waiting for their answer, each with the POST response that
 * carries it: an id is in flight from its POST until that response closes (answered, cancelled or
 * dropped by the client).
 */
export class InFlight {
  private readonly carriers = new Map<RequestId, ServerResponse>()

  /** The first of `ids` already in flight in this session, or undefined. */
  conflict(ids: readonly RequestId[]): RequestId | undefined {
    return ids.find((id) => this.carriers.has(id))
  }

  /** The POST response carrying `id`, and how many requests it carries, or undefined. */
  carrier(id: RequestId): { res: ServerResponse; requests: number } | undefined {
    const res = this.carriers.get(id)
    if (res === undefined) return undefined
    let requests = 0
    for (const other of this.carriers.values()) if (other === res) requests += 1
    return { res, requests }
  }

  /**
   * Track `ids` as carried by `res` until it closes. When the client drops it before it ended
   * (no resumable stream is kept), `dropped` gets the ids whose answer can no longer arrive.
   */
  carry(res: ServerResponse, ids: readonly RequestId[], dropped: (ids: RequestId[]) => void): void {
    if (ids.length === 0) return
    for (const id of ids) this.carriers.set(id, res)
    res.once('close', () => {
      const mine = ids.filter((id) => this.carriers.get(id) === res)
      for (const id of mine) this.carriers.delete(id)
      if (!res.writableFinished && mine.length > 0) dropped(mine)
    })
  }
}
