// The frame channel's reassembly: frames split anywhere, several in one chunk, and the first
// frame over the limit or not JSON stops the stream for good.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeFrame, FrameDecoder } from '../../src/supervised/wire/frame-codec.ts'

function decodeAll(decoder: FrameDecoder, chunks: Buffer[]): { messages: unknown[]; error: string | undefined } {
  const messages: unknown[] = []
  let error: string | undefined
  for (const chunk of chunks) error = decoder.push(chunk, (message) => messages.push(message)) ?? error
  return { messages, error }
}

function header(length: number): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(length)
  return head
}

describe('FrameDecoder', () => {
  const messages = [
    { t: 'ready' },
    { t: 'logs', run: 1, lines: ['é', '𝄞', ''] },
    { t: 'calls', calls: [{ call: 1, run: 1, ns: 0, member: 'x', args: { a: [1, null] } }] },
  ]

  it('reads several frames from one chunk, in order', () => {
    const { messages: out, error } = decodeAll(new FrameDecoder(1024), [Buffer.concat(messages.map(encodeFrame))])
    expect({ out, error }).toEqual({ out: messages, error: undefined })
  })

  it('reassembles frames fed one byte at a time, even inside a multi-byte character', () => {
    const bytes = Buffer.concat(messages.map(encodeFrame))
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1))
    expect(decodeAll(new FrameDecoder(1024), chunks)).toEqual({ messages, error: undefined })
  })

  it('gives the same messages for any split of the stream', () => {
    const json = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown)
    fc.assert(
      fc.property(fc.array(json, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), (values, cuts) => {
        const bytes = Buffer.concat(values.map(encodeFrame))
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].toSorted((a, b) => a - b)
        const chunks = [0, ...points].map((from, i, all) => bytes.subarray(from, all[i + 1] ?? bytes.length))
        expect(decodeAll(new FrameDecoder(1 << 20), chunks)).toEqual({ messages: values, error: undefined })
      }),
    )
  })

  it('accepts a frame of exactly the limit and refuses one byte more before reading its body', () => {
    const body = JSON.stringify('x'.repeat(8))
    expect(decodeAll(new FrameDecoder(body.length), [encodeFrame('x'.repeat(8))])).toEqual({
      messages: ['x'.repeat(8)],
      error: undefined,
    })
    const over = decodeAll(new FrameDecoder(body.length - 1), [header(body.length)])
    expect(over).toEqual({
      messages: [],
      error: `a frame of ${body.length} bytes, over the ${body.length - 1}-byte limit`,
    })
  })

  it('refuses a body that is not JSON, and stays stopped after it', () => {
    const decoder = new FrameDecoder(1024)
    const garbage = Buffer.concat([
      encodeFrame({ t: 'ready' }),
      header(3),
      Buffer.from('{x]'),
      encodeFrame({ t: 'late' }),
    ])
    const first = decodeAll(decoder, [garbage])
    expect(first).toEqual({ messages: [{ t: 'ready' }], error: 'a frame of 3 bytes that is not UTF-8 JSON' })
    expect(decodeAll(decoder, [encodeFrame({ t: 'later' })])).toEqual({
      messages: [],
      error: 'a frame of 3 bytes that is not UTF-8 JSON',
    })
  })

  it('refuses an empty body and invalid UTF-8', () => {
    expect(decodeAll(new FrameDecoder(16), [header(0)]).error).toBe('a frame of 0 bytes that is not UTF-8 JSON')
    // why: `"\xff"` would parse as "\ufffd" with a lenient decoder; an honest peer never writes it.
    expect(decodeAll(new FrameDecoder(16), [header(3), Buffer.from([0x22, 0xff, 0x22])]).error).toBe(
      'a frame of 3 bytes that is not UTF-8 JSON',
    )
  })

  it('stops at once when a handler fails the stream, leaving later frames of the chunk unread', () => {
    const decoder = new FrameDecoder(1024)
    const seen: unknown[] = []
    const error = decoder.push(Buffer.concat([encodeFrame(1), encodeFrame(2)]), (message) => {
      seen.push(message)
      decoder.fail('refused')
    })
    expect({ seen, error }).toEqual({ seen: [1], error: 'refused' })
  })
})
