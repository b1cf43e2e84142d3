import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the scripted server answered: its path and parsed JSON body. */
export interface RecordedRequest {
  path: string
  body: Record<string, unknown>
}

/** A provider played by a script: each POST gets the next reply, in order. */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>`; append the provider's path prefix (`/v1`) if its client needs one. */
  readonly url: string
  readonly requests: RecordedRequest[]
  close(): Promise<void>
}

/**
 * An HTTP server on 127.0.0.1 that answers the n-th request with `replies[n]` as JSON, recording
 * each request; a request past the script gets a 500 naming it, so an extra model turn fails loud.
 */
export async function scriptedServer(replies: readonly unknown[]): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    void readJson(req).then((body) => {
      requests.push({ path: req.url ?? '', body })
      const reply = replies[requests.length - 1]
      res.setHeader('content-type', 'application/json')
      if (reply === undefined) {
        res.statusCode = 500
        res.end(JSON.stringify({ error: { message: `unscripted request ${requests.length} to ${req.url}` } }))
        return
      }
      res.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
}
