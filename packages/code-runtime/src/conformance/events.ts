import { expect } from 'vitest'
import type { CodeBinding, CodeRunEvent, CodeRunResult, JsonValue } from '../types.ts'
import { expectFailure, expectValue, namespace, sleep, utf8Bytes } from './assert.ts'
import type { CodeRuntimeLike, ConformanceHarness } from './types.ts'

const echo: CodeBinding = (args) => Promise.resolve(args as JsonValue)
const fail: CodeBinding = () => Promise.reject(new Error('nope'))

/** Run `program` with a listener; the events as they arrived, and how many had arrived when the result did. */
async function observed(
  runtime: CodeRuntimeLike,
  program: string,
  functions: Record<string, CodeBinding>,
  events: CodeRunEvent[] = [],
): Promise<{ result: CodeRunResult; events: CodeRunEvent[]; atResult: number }> {
  const result = await runtime.run({
    program,
    bindings: [namespace('tools', functions)],
    onEvent: (event) => void events.push(event),
  })
  const atResult = events.length
  // why: a late event would arrive within a few host turns of the result; none may.
  await sleep(20)
  return { result, events, atResult }
}

/** Live run events (rules RT-44 and RT-45 in docs/runtime-contract.md). */
export function defineEventCases(h: ConformanceHarness): void {
  h.test('events/order', async () => {
    const program = [
      "console.log('a')",
      'const x = await tools.echo({ n: 1 })',
      'await tools.fail({}).catch(() => null)',
      'return x.n',
    ].join('\n')
    const { result, events, atResult } = await observed(h.runtime(), program, { echo, fail })
    expectValue(result, 1)
    expect(events).toHaveLength(atResult)
    expect(events.map((event) => event.type)).toEqual([
      'run-started',
      'console',
      'call-started',
      'call-finished',
      'call-started',
      'call-finished',
      'run-finished',
    ])
    expect(events[1]).toEqual({ type: 'console', line: 'a' })
    expect(events[2]).toEqual({ type: 'call-started', call: 1, global: 'tools', member: 'echo' })
    expect(events[3]).toMatchObject({
      type: 'call-finished',
      call: 1,
      global: 'tools',
      member: 'echo',
      ok: true,
      bytes: utf8Bytes('{"n":1}'),
    })
    expect(events[4]).toEqual({ type: 'call-started', call: 2, global: 'tools', member: 'fail' })
    expect(events[5]).toMatchObject({
      type: 'call-finished',
      call: 2,
      member: 'fail',
      ok: false,
      bytes: utf8Bytes('nope'),
    })
    expect(events[6]).toStrictEqual({ type: 'run-finished', outcome: 'ok', usage: result.usage })
  })

  h.test('events/console-live', async () => {
    const events: CodeRunEvent[] = []
    const lines = (): string[] => events.flatMap((event) => (event.type === 'console' ? [event.line] : []))
    let seenBeforeSettling: string[] | undefined
    // why: the line must be there before this binding settles; it waits a bounded while for it (a
    // backend that delivers lines only with the result never gets it here), then records what it saw.
    const slow: CodeBinding = async () => {
      for (let waited = 0; !lines().includes('before the call') && waited < h.budgets.wallMs / 4; waited += 5)
        await sleep(5)
      seenBeforeSettling = lines()
      return null
    }
    const live = await observed(
      h.runtime(),
      "console.log('before the call')\nawait tools.slow({})\nconsole.log('after')\nreturn 1",
      { slow },
      events,
    )
    expectValue(live.result, 1)
    expect(seenBeforeSettling).toEqual(['before the call'])
    expect(lines()).toEqual(['before the call', 'after'])
    expect(events.at(-1)?.type).toBe('run-finished')

    const capped = await observed(
      h.runtime(),
      `console.log('fits')\nconsole.log('y'.repeat(${h.budgets.outputBytes}))\nreturn 1`,
      {},
    )
    expectFailure(capped.result, 'output-limit')
    expect(capped.events.flatMap((event) => (event.type === 'console' ? [event.line] : []))).toEqual(['fits'])
  })

  h.test('events/on-console', async () => {
    const lines: string[] = []
    let seenBeforeSettling: string[] | undefined
    let argsSeen: unknown
    // why: as in events/console-live, the line must arrive while the binding is still pending.
    const slow: CodeBinding = async (args) => {
      argsSeen = args
      for (let waited = 0; !lines.includes('before') && waited < h.budgets.wallMs / 4; waited += 5) await sleep(5)
      seenBeforeSettling = [...lines]
      return { ok: 1 }
    }
    const runtime = h.runtime()
    const result = await runtime.run({
      program: "console.log('before')\nconst r = await tools.slow({ n: 2 })\nconsole.log('after', r.ok)\nreturn 1",
      bindings: [namespace('tools', { slow })],
      onConsole: (line) => {
        lines.push(line)
        throw new Error('a listener bug the run never sees')
      },
    })
    expectValue(result, 1)
    expect(seenBeforeSettling).toEqual(['before'])
    expect(argsSeen).toEqual({ n: 2 })
    expect(lines).toEqual(['before', 'after 1'])
    expect(result.logs).toEqual(lines)

    // why: with both listeners, each gets every line.
    const both: string[] = []
    const events: CodeRunEvent[] = []
    const twice = await runtime.run({
      program: "console.log('one')\nawait tools.echo({})\nconsole.log('two')\nreturn 2",
      bindings: [namespace('tools', { echo })],
      onConsole: (line) => void both.push(line),
      onEvent: (event) => void events.push(event),
    })
    expectValue(twice, 2)
    expect(both).toEqual(['one', 'two'])
    expect(events.flatMap((event) => (event.type === 'console' ? [event.line] : []))).toEqual(['one', 'two'])

    await expect(runtime.run({ program: 'return 1', bindings: [], onConsole: 'no' as never })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/onConsole/),
    })
    await expect(runtime.run({ program: 'return 1', bindings: [], onEvent: 42 as never })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringMatching(/onEvent/),
    })
  })
}
