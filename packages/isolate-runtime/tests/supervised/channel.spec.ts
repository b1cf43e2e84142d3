// The frame channel between a real ChildHost and a scripted child: frames may arrive split or
// several at once, and a frame over the parent's limit or a body that is not JSON is that child's
// crash, like any malformed message.
import { resolveConfig } from '@isocode/isolate-runtime'
import { expect, it } from 'vitest'
import { childFrameLimit } from '../../src/supervised/wire/child-protocol.ts'
import { scripted } from './scripted.ts'

const config = resolveConfig({ poolSize: 1, memoryMb: 8, outputBytes: 256 })
const lines = (...text: string[]) => ({ t: 'logs', run: '$RUN', lines: text })
const result = (value: unknown, logs: string[]) => ({ t: 'result', run: '$RUN', result: { value, logs } })
const raw = (...parts: (Buffer | number[])[]) => ({
  $raw: Buffer.concat(parts.map((part) => Buffer.from(part))).toString('base64'),
})
const header = (length: number) => [length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff]

it('reads a frame split inside its header and several frames in one write', async () => {
  const {
    result: out,
    events,
    host,
  } = await scripted(config, [
    { $split: lines('a') },
    { $together: [lines('b'), lines('c'), result(3, ['a', 'b', 'c'])] },
  ])
  expect(out).toEqual({ value: 3, logs: ['a', 'b', 'c'], usage: expect.any(Object) })
  expect(events).toEqual(['idle', 'idle'])
  await host.dispose('done')
})

it('treats a frame over the limit as a crash, before reading its body', async () => {
  const limit = childFrameLimit(config)
  const {
    result: out,
    exit,
    events,
  } = await scripted(config, [lines('before'), raw(header(limit + 1)), result('late', [])])
  expect(out.error?.kind).toBe('crash')
  expect(out.error?.message).toContain(
    `malformed message (a frame of ${limit + 1} bytes, over the ${limit}-byte limit); it was killed`,
  )
  expect(out.logs).toEqual(['before'])
  expect(exit?.signal).toBe('SIGKILL')
  expect(events).toEqual(['idle', 'exited started=true'])
})

it('treats a body that is not JSON as a crash', async () => {
  const { result: out, exit } = await scripted(config, [
    lines('before'),
    raw(header(5), Buffer.from('{"t":')),
    result('late', []),
  ])
  expect(out.error?.kind).toBe('crash')
  expect(out.error?.message).toContain('malformed message (a frame of 5 bytes that is not UTF-8 JSON)')
  expect(out.logs).toEqual(['before'])
  expect(exit?.signal).toBe('SIGKILL')
})

it('bounds the frames it reads far above what an honest run sends', () => {
  // why: output within the cap and call arguments built in an 8 MB isolate stay below this.
  expect(childFrameLimit(config)).toBe(4 * 256 + 8 * 8 * 1024 * 1024 + 65_536)
  expect(childFrameLimit(resolveConfig({ memoryMb: 16_384 }))).toBe(0xffff_ffff)
})
