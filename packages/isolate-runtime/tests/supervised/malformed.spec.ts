// The parent trusts nothing its child sends: every message shape is checked, the lines it keeps
// are held to the output cap, and a malformed message is that child's crash.
import { resolveConfig } from '@isocode/isolate-runtime'
import { afterEach, expect, it } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { entry, scripted as scriptedRun } from './scripted.ts'

const config = resolveConfig({ poolSize: 1, outputBytes: 64 })
const scripted = (steps: unknown[]) => scriptedRun(config, steps)

afterEach(() => {
  delete process.env.SCRIPTED_CHILD_FIRST
})

const lines = (...text: string[]) => ({ t: 'logs', run: '$RUN', lines: text })

it('accepts a well-formed run (the scripted child works)', async () => {
  const { result, events, host } = await scripted([
    { t: 'started', run: '$RUN' },
    lines('a', 'b'),
    { t: 'result', run: '$RUN', result: { value: 1, logs: ['a', 'b'] } },
  ])
  expect(result).toEqual({ value: 1, logs: ['a', 'b'], usage: expect.any(Object) })
  expect(events).toEqual(['idle', 'idle'])
  expect(host.idle).toBe(true)
  await host.dispose('done')
})

const malformed: [string, unknown, RegExp][] = [
  ['a log line that is not a string', lines('ok', 42 as unknown as string), /logs is not/],
  ['an unknown message type', { t: 'shell', run: '$RUN', command: 'rm' }, /unknown message type "shell"/],
  ['a message without a type', { run: '$RUN' }, /not a protocol message/],
  ['a started message with extra fields', { t: 'started', run: '$RUN', at: 1 }, /started is not/],
  [
    'a result with an unknown failure kind',
    { t: 'result', run: '$RUN', result: { logs: [], error: { kind: 'fine', message: 'x' } } },
    /unknown kind/,
  ],
  ['a result whose logs are not strings', { t: 'result', run: '$RUN', result: { logs: [{}] } }, /result\.logs/],
  ['a result with extra fields', { t: 'result', run: '$RUN', result: { logs: [], host: 'x' } }, /unknown fields/],
  [
    'a call with a fractional namespace',
    { t: 'calls', calls: [{ call: 1, run: '$RUN', ns: 0.5, member: 'x' }] },
    /a call is not/,
  ],
  ['a calls message that is not a list', { t: 'calls', calls: { call: 1 } }, /calls is not/],
  ['log lines over the output cap', lines('x'.repeat(30), 'y'.repeat(30)), /output cap/],
  [
    'a result over the output cap',
    { t: 'result', run: '$RUN', result: { logs: [], value: 'z'.repeat(80) } },
    /output cap/,
  ],
]

it.each(malformed)('treats %s as a crash of that child, keeping the lines that fit', async (_name, message, reason) => {
  const { result, events, exit } = await scripted([
    lines('before'),
    message,
    { t: 'result', run: '$RUN', result: { value: 'late', logs: [] } },
  ])
  expect(result.error?.kind).toBe('crash')
  expect(result.error?.message).toMatch(reason)
  expect(result.error?.message).toMatch(/malformed message .*; it was killed/)
  expect(result.value).toBeUndefined()
  expect(result.logs[0]).toBe('before')
  expect(JSON.stringify(result.logs).length).toBeLessThanOrEqual(config.outputBytes)
  expect(exit?.signal).toBe('SIGKILL')
  expect(events).toEqual(['idle', 'exited started=true'])
})

it('treats a malformed message before ready as a failed start', async () => {
  process.env.SCRIPTED_CHILD_FIRST = JSON.stringify({ t: 'ready', extra: true })
  const host = new ChildHost(config, { idle: () => {}, exited: () => {} }, { entry, execArgv: [] })
  await expect(host.ready).rejects.toThrow(
    /did not start \(signal SIGKILL\): Error: the runtime process sent a malformed message \(ready has unknown fields\)/,
  )
  await host.dispose('done')
})
