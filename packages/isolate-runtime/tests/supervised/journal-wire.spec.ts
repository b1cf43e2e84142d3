import { describe, expect, it } from 'vitest'
import { parseCallSite } from '../../src/engine/run-journal.ts'
import { checkChildMessage } from '../../src/supervised/check-message.ts'

// why: the parent is the last line against a broken child (RT-32); the journal parts and call
// sites it now reads (RT-49, RT-52), and the calls it served from a replay (RT-71), are held to the same field-by-field check.
describe('the journal on the child wire', () => {
  it('accepts a journal part and a call with its site', () => {
    const chunk = { clock: [1.5], random: [0.25], timers: [1] }
    expect(checkChildMessage({ t: 'journal', run: 1, chunk })).toEqual({
      ok: true,
      message: { t: 'journal', run: 1, chunk },
    })
    const call = { call: 3, run: 1, ns: 0, member: 'x', site: { call: 2, line: 4, column: 7 } }
    expect(checkChildMessage({ t: 'calls', calls: [call, { ...call, site: { call: 3 } }] })).toEqual({
      ok: true,
      message: { t: 'calls', calls: [call, { ...call, site: { call: 3 } }] },
    })
    // why: RT-64 — a turn's end may travel in the frame of the calls that turn made.
    expect(checkChildMessage({ t: 'calls', calls: [call], idle: 1 })).toEqual({
      ok: true,
      message: { t: 'calls', calls: [call], idle: 1 },
    })
    // why: RT-71 — the calls the child answered from the run's replay, by number.
    expect(checkChildMessage({ t: 'served', run: 1, calls: [1, 2, 5] })).toEqual({
      ok: true,
      message: { t: 'served', run: 1, calls: [1, 2, 5] },
    })
  })

  it.each([
    [{ t: 'journal', run: 1, chunk: { clock: ['1'], random: [], timers: [] } }],
    [{ t: 'journal', run: 1, chunk: { clock: [], random: [1], timers: [] } }],
    [{ t: 'journal', run: 1, chunk: { clock: [], random: [], timers: [0.5] } }],
    [{ t: 'journal', run: 1, chunk: { clock: [], random: [] } }],
    [{ t: 'journal', run: 1, chunk: { clock: [], random: [], timers: [] }, extra: 1 }],
    [{ t: 'calls', calls: [], idle: -1 }],
    [{ t: 'calls', calls: [], idle: '1' }],
    [{ t: 'served', run: 1, calls: [0] }],
    [{ t: 'served', run: 1, calls: [1.5] }],
    [{ t: 'served', run: 1, calls: 1 }],
    [{ t: 'served', calls: [1] }],
    [{ t: 'calls', calls: [{ call: 1, run: 1, ns: 0, member: 'x', site: { call: 0 } }] }],
    [{ t: 'calls', calls: [{ call: 1, run: 1, ns: 0, member: 'x', site: { call: 1, line: 2 } }] }],
    [{ t: 'calls', calls: [{ call: 1, run: 1, ns: 0, member: 'x', site: { call: 1, line: 2, column: 3, x: 1 } }] }],
  ])('refuses %j', (message) => {
    expect(checkChildMessage(message).ok).toBe(false)
  })

  it('reads the guest call-site text', () => {
    expect(parseCallSite('3:4:7')).toEqual({ call: 3, line: 4, column: 7 })
    expect(parseCallSite('3')).toEqual({ call: 3 })
    for (const bad of ['', '0', '3:4', '3:4:7:1', 'a:1:2', '1.5', '3:0:1']) expect(parseCallSite(bad)).toBeUndefined()
  })
})
