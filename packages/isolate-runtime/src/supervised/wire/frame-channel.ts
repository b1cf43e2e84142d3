import type { Duplex } from 'node:stream'
import { encodeFrame, FrameDecoder, HEADER_BYTES } from './frame-codec.ts'

/** What a channel reports: each message in order, then at most one malformed-stream reason. */
export interface ChannelHandlers {
  message(message: unknown): void
  malformed(reason: string): void
  /** The stream failed (EPIPE once the peer is gone); it closes next. */
  error?(error: Error): void
  /** The stream is closed for good, both ways. */
  closed?(): void
}

/**
 * Length-prefixed JSON frames over one duplex stream (the child's fd 3): one write per message,
 * messages delivered synchronously as their last byte arrives.
 */
export class FrameChannel {
  private readonly decoder: FrameDecoder

  /**
   * `maxReceiveBytes` bounds the frames read (a bigger one is malformed); `maxSendBytes` the
   * frames written, so a sender never writes what its peer would refuse.
   */
  constructor(
    private readonly stream: Duplex,
    maxReceiveBytes: number,
    private readonly maxSendBytes: number,
    private readonly handlers: ChannelHandlers,
  ) {
    this.decoder = new FrameDecoder(maxReceiveBytes)
    stream.on('data', (chunk: Buffer) => {
      if (this.decoder.error !== undefined) return
      const failed = this.decoder.push(chunk, (message) => this.handlers.message(message))
      if (failed !== undefined) this.handlers.malformed(failed)
    })
    // why: an unhandled 'error' event would throw; a dead peer is reported by its exit instead.
    stream.on('error', (error) => this.handlers.error?.(error))
    stream.on('close', () => this.handlers.closed?.())
  }

  /** Whether `message` can still be written (the other side has not closed the stream). */
  get open(): boolean {
    return this.stream.writable && !this.stream.destroyed
  }

  /**
   * Write one message as one frame, unless the stream is closed or the frame is over the limit;
   * `written` runs once a sent frame has been handed to the OS.
   */
  send(message: unknown, written?: () => void): 'sent' | 'closed' | 'oversize' {
    if (!this.open) return 'closed'
    const frame = encodeFrame(message)
    if (frame.length - HEADER_BYTES > this.maxSendBytes) return 'oversize'
    if (written === undefined) this.stream.write(frame)
    else this.stream.write(frame, () => written())
    return 'sent'
  }

  /** Stop reading anything more from this stream (the peer is broken). */
  stop(reason: string): void {
    this.decoder.fail(reason)
  }

  /** Flush what was written, then close the stream both ways (the peer sees its end). */
  end(): void {
    if (this.stream.destroyed) return
    // why: destroyed once flushed, so this side never waits on the peer to end its half.
    this.stream.end(() => this.stream.destroy())
  }
}
