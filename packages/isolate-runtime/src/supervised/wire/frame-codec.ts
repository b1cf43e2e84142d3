// The framing of the channel between a supervised runtime and its child: each message is one
// frame, a 4-byte big-endian length followed by that many bytes of UTF-8 JSON. The channel is an
// extra stdio pipe (fd 3 in the child), not Node IPC, so the parent bounds what it buffers.

// why: fatal, so invalid UTF-8 (which an honest peer never writes) is garbage, not U+FFFD.
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** Bytes of a frame's length header. */
export const HEADER_BYTES = 4

/** The largest body a header can announce (the header is an unsigned 32-bit integer). */
export const MAX_BODY_BYTES = 0xffff_ffff

/** One message as a frame: header and JSON body in one buffer, ready for a single write. */
export function encodeFrame(message: unknown): Buffer {
  const json = JSON.stringify(message)
  const length = Buffer.byteLength(json)
  const frame = Buffer.allocUnsafe(HEADER_BYTES + length)
  frame.writeUInt32BE(length, 0)
  frame.write(json, HEADER_BYTES)
  return frame
}

/**
 * Reassembles frames from stream chunks: a frame may arrive split over chunks, or several in one.
 * The first frame over `maxBodyBytes` or whose body is not JSON breaks the decoder for good: the
 * peer is broken, and nothing after it is read.
 */
export class FrameDecoder {
  private chunks: Buffer[] = []
  private buffered = 0
  // why: the body length of the frame being assembled, once its header is complete.
  private expected: number | undefined
  private failure: string | undefined

  constructor(readonly maxBodyBytes: number) {}

  /** Why the decoder stopped, or undefined while it works. */
  get error(): string | undefined {
    return this.failure
  }

  /**
   * Take `chunk` and hand every complete message to `onMessage`, in order. Returns the reason
   * once the stream is malformed (then and ever after), else undefined.
   */
  push(chunk: Buffer, onMessage: (message: unknown) => void): string | undefined {
    if (this.failure !== undefined) return this.failure
    this.chunks.push(chunk)
    this.buffered += chunk.length
    for (;;) {
      if (this.expected === undefined) {
        if (this.buffered < HEADER_BYTES) return undefined
        const length = this.take(HEADER_BYTES).readUInt32BE(0)
        if (length > this.maxBodyBytes)
          return this.fail(`a frame of ${length} bytes, over the ${this.maxBodyBytes}-byte limit`)
        this.expected = length
      }
      if (this.buffered < this.expected) return undefined
      const body = this.take(this.expected)
      this.expected = undefined
      let message: unknown
      try {
        message = JSON.parse(UTF8.decode(body))
      } catch {
        return this.fail(`a frame of ${body.length} bytes that is not UTF-8 JSON`)
      }
      onMessage(message)
      // why: a handler may have found the message malformed and stopped the stream.
      if (this.failure !== undefined) return this.failure
    }
  }

  /** Stop reading: drop what is buffered and report `reason` from now on. */
  fail(reason: string): string {
    this.failure ??= reason
    this.chunks = []
    this.buffered = 0
    return this.failure
  }

  /** Remove and return the first `bytes` buffered bytes (copying only across chunk borders). */
  private take(bytes: number): Buffer {
    const first = this.chunks[0]
    if (first !== undefined && first.length >= bytes) {
      this.buffered -= bytes
      if (first.length === bytes) this.chunks.shift()
      else this.chunks[0] = first.subarray(bytes)
      return first.subarray(0, bytes)
    }
    // why: gathered once the whole frame is here, so a large frame is copied once, not per chunk.
    const out = Buffer.allocUnsafe(bytes)
    let filled = 0
    while (filled < bytes) {
      const chunk = this.chunks[0] as Buffer
      const part = Math.min(chunk.length, bytes - filled)
      chunk.copy(out, filled, 0, part)
      filled += part
      if (part === chunk.length) this.chunks.shift()
      else this.chunks[0] = chunk.subarray(part)
    }
    this.buffered -= bytes
    return out
  }
}
