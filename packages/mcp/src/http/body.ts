import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * How much of a refused body is still read (and dropped) after the 413 is written, so a client
 * that keeps sending can finish and read the answer instead of meeting a reset; past this, or
 * after DRAIN_MS, the connection is cut.
 */
const DRAIN_BYTES = 8 * 1024 * 1024
const DRAIN_MS = 10_000

/**
 * The request body read up to `maxBytes`: its text, or `tooLarge` (declared by Content-Length or
 * seen while streaming). A too-large request is paused, never destroyed, so {@link refuseBody}
 * can still answer it.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<{ text: string } | { tooLarge: true }> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ tooLarge: true })
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (): void => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('close', onClose)
      req.off('error', onError)
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size <= maxBytes) return void chunks.push(chunk)
      // why: leaving the loop of `for await` would destroy the socket before the 413 is written.
      stop()
      req.pause()
      resolve({ tooLarge: true })
    }
    const onEnd = (): void => {
      stop()
      resolve({ text: Buffer.concat(chunks).toString('utf8') })
    }
    const onClose = (): void => {
      stop()
      reject(new Error('the client closed the connection before it sent the whole body'))
    }
    const onError = (error: Error): void => {
      stop()
      reject(error)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('close', onClose)
    req.on('error', onError)
  })
}

/**
 * Answer a too-large body with HTTP 413 (`Connection: close`) at once, then read and drop the rest
 * of the body before ending the response: ending it first makes node close the socket while the
 * client is still sending, and the client sees EPIPE/ECONNRESET instead of the 413.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, message: string): void {
  const payload = JSON.stringify({ jsonrpc: '2.0', error: { code: -32_000, message }, id: null })
  res.writeHead(413, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    connection: 'close',
  })
  res.write(payload)
  const declared = Number(req.headers['content-length'])
  if (req.readableEnded || (Number.isFinite(declared) && declared > DRAIN_BYTES)) return void res.end()
  let drained = 0
  const finish = (): void => {
    clearTimeout(timer)
    req.off('data', onData)
    req.off('end', finish)
    req.off('close', finish)
    res.end()
  }
  const onData = (chunk: Buffer): void => {
    drained += chunk.length
    // why: node closes the connection once the response ends, which bounds what a client may send.
    if (drained > DRAIN_BYTES) finish()
  }
  const timer = setTimeout(finish, DRAIN_MS)
  timer.unref()
  req.on('data', onData)
  req.on('end', finish)
  req.on('close', finish)
  req.resume()
}
