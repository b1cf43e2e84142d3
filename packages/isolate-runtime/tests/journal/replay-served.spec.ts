// RT-71: a journaled run answers the calls whose outcome its request holds (number, namespace,
// member and argument JSON all match) without reaching their bindings, tells `onServed` of each
// before the result, and calls every other binding as usual; on either backend and resume thread.
import type { CodeBinding, CodeReplayCall, CodeRuntime } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'
import { boot, bootSupervised } from '../helpers.ts'

// Calls 1 and 2 are held; call 3 is held with other arguments (so it reaches its binding); call 4
// is not held at all.
const PROGRAM = `const a = await tools.read({ path: 'a' })
let denied = ''
try { await tools.write({ path: 'b' }) } catch (e) { denied = e.code + ' ' + e.message + ' ' + (e instanceof ToolCallError) }
const c = await tools.read({ path: 'c' })
const d = await tools.read({ path: 'd' })
return { a, denied, c, d }`

const HELD: CodeReplayCall[] = [
  { call: 1, global: 'tools', member: 'read', args: { path: 'a' }, outcome: { ok: true, value: { text: 'held a' } } },
  {
    call: 2,
    global: 'tools',
    member: 'write',
    args: { path: 'b' },
    outcome: { ok: false, message: 'no', code: 'DENIED' },
  },
  { call: 3, global: 'tools', member: 'read', args: { path: 'other' }, outcome: { ok: true, value: 'held c' } },
]

async function replayed(
  runtime: CodeRuntime,
): Promise<{ value: unknown; reached: string[]; served: number[]; calls: number }> {
  const reached: string[] = []
  const served: number[] = []
  const read: CodeBinding = (args) => {
    reached.push(`read ${(args as { path: string }).path}`)
    return Promise.resolve(`live ${(args as { path: string }).path}`)
  }
  const write: CodeBinding = () => {
    reached.push('write')
    return Promise.resolve('written')
  }
  const result = await runtime.run({
    program: PROGRAM,
    bindings: [
      {
        global: 'tools',
        functions: { read, write },
        errorClass: { name: 'ToolCallError', memberNameProperty: 'tool' },
      },
    ],
    journal: {},
    replay: { calls: HELD, onServed: (call) => served.push(call) },
  })
  expect(result.error).toBeUndefined()
  return { value: result.value, reached, served, calls: result.usage.bindingCalls }
}

const backends = [
  ['in-process, isolate thread', () => boot({ cpuMs: 2000, wallMs: 10_000 })],
  ['in-process, host thread', () => boot({ cpuMs: 2000, wallMs: 10_000, resumeOnHostThread: true })],
  ['supervised', () => bootSupervised({ cpuMs: 2000, wallMs: 10_000 })],
] as const

describe.each(backends)('replay (%s)', (_name, start) => {
  it('serves the held outcomes, and only calls that match them, without their bindings', async () => {
    const { runtime, dispose } = await start()
    try {
      const run = await replayed(runtime)
      expect(run.value).toEqual({
        a: { text: 'held a' },
        denied: 'DENIED no true',
        c: 'live c',
        d: 'live d',
      })
      expect(run.reached).toEqual(['read c', 'read d'])
      expect(run.served).toEqual([1, 2])
      // why: served calls never reached a binding, so usage does not count them.
      expect(run.calls).toBe(2)
    } finally {
      await dispose()
    }
  })
})

const onServed = (): void => undefined

describe('replay (misuse)', () => {
  it('refuses a replay without a journal, and a malformed entry, naming the field', async () => {
    const { runtime, dispose } = await boot({ cpuMs: 2000, wallMs: 10_000 })
    try {
      const bindings = [{ global: 'tools', functions: { read: () => Promise.resolve(1) } }]
      await expect(runtime.run({ program: 'return 1', bindings, replay: { calls: [], onServed } })).rejects.toThrow(
        /request\.replay needs request\.journal/,
      )
      const bad: CodeReplayCall[] = [{ call: 0, global: 'tools', member: 'read', args: {}, outcome: { ok: true } }]
      await expect(
        runtime.run({ program: 'return 1', bindings, journal: {}, replay: { calls: bad, onServed } }),
      ).rejects.toThrow(/request\.replay\.calls\[0\]\.call must be a whole number >= 1/)
      const twice = [HELD[0]!, HELD[0]!]
      await expect(
        runtime.run({ program: 'return 1', bindings, journal: {}, replay: { calls: twice, onServed } }),
      ).rejects.toThrow(/request\.replay\.calls\[1\]\.call 1 is given twice/)
    } finally {
      await dispose()
    }
  })
})
