import { type CodeRunEvent, type CodeRunRequest, type JsonValue, observeRun, withUsage } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'

// why: a backend in miniature: it calls the bindings it was given, logs through onEvent, and settles.
function backend(calls: Array<[string, unknown]>, lines: string[] = []) {
  return async (request: CodeRunRequest) => {
    const values: JsonValue[] = []
    for (const [member, args] of calls) {
      for (const line of lines) request.onEvent?.({ type: 'console', line })
      try {
        values.push(await request.bindings[0]!.functions[member]!(args))
      } catch (error) {
        return withUsage({ logs: [], error: { kind: 'exception', message: (error as Error).message } })
      }
    }
    return withUsage({ value: values, logs: lines })
  }
}

const namespace = (functions: CodeRunRequest['bindings'][number]['functions']) => [{ global: 'tools', functions }]

describe('observeRun (RT-44 to RT-47)', () => {
  it('delivers run-started, numbered call pairs with bytes, console lines and run-finished in order', async () => {
    const events: CodeRunEvent[] = []
    const request: CodeRunRequest = {
      program: '',
      bindings: namespace({ echo: async (args) => args as JsonValue }),
      onEvent: (event) => events.push(event),
    }
    const result = await observeRun(
      request,
      backend(
        [
          ['echo', { a: 'é' }],
          ['echo', 1],
        ],
        ['x'],
      ),
    )
    expect(result.value).toEqual([{ a: 'é' }, 1])
    const shape = events.map((event) => (event.type === 'call-finished' ? { ...event, ms: 0 } : event))
    expect(shape).toEqual([
      { type: 'run-started' },
      { type: 'console', line: 'x' },
      { type: 'call-started', call: 1, global: 'tools', member: 'echo' },
      { type: 'call-finished', call: 1, global: 'tools', member: 'echo', ms: 0, ok: true, bytes: 10 },
      { type: 'console', line: 'x' },
      { type: 'call-started', call: 2, global: 'tools', member: 'echo' },
      { type: 'call-finished', call: 2, global: 'tools', member: 'echo', ms: 0, ok: true, bytes: 1 },
      { type: 'run-finished', outcome: 'ok', usage: result.usage },
    ])
  })

  it('reports a rejected call with the bytes of its message and the failed outcome', async () => {
    const events: CodeRunEvent[] = []
    const request: CodeRunRequest = {
      program: '',
      bindings: namespace({ boom: async () => Promise.reject(new Error('nope')) }),
      onEvent: (event) => events.push(event),
    }
    await observeRun(request, backend([['boom', null]]))
    expect(events.find((event) => event.type === 'call-finished')).toMatchObject({ ok: false, bytes: 4 })
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', outcome: 'exception' })
  })

  it('swallows a listener that throws, and delivers nothing after run-finished', async () => {
    let seen = 0
    let late: ((event: CodeRunEvent) => void) | undefined
    const request: CodeRunRequest = {
      program: '',
      bindings: namespace({ echo: async (args) => args as JsonValue }),
      onEvent: () => {
        seen += 1
        throw new Error('listener bug')
      },
    }
    const result = await observeRun(request, async (inner) => {
      late = inner.onEvent
      return backend([['echo', 2]])(inner)
    })
    expect(result.value).toEqual([2])
    expect(seen).toBe(4)
    late?.({ type: 'console', line: 'after the end' })
    expect(seen).toBe(4)
  })

  it('passes a request without a listener through untouched', async () => {
    const request: CodeRunRequest = { program: '', bindings: namespace({ echo: async (args) => args as JsonValue }) }
    let received: CodeRunRequest | undefined
    await observeRun(request, async (inner) => {
      received = inner
      return withUsage({ logs: [] })
    })
    expect(received).toBe(request)
  })

  it('leaves a malformed member in place for the backend to refuse by name', async () => {
    const bindings = [{ global: 'tools', functions: { bad: 42 as unknown as () => Promise<JsonValue> } }]
    let received: CodeRunRequest | undefined
    await observeRun({ program: '', bindings, onEvent: () => undefined }, async (inner) => {
      received = inner
      return withUsage({ logs: [] })
    })
    expect(received?.bindings[0]?.functions.bad).toBe(42)
  })

  it('numbers a call by its call site and passes the site on, with line:col in call-started (RT-52)', async () => {
    const events: CodeRunEvent[] = []
    const seen: unknown[] = []
    const request: CodeRunRequest = {
      program: '',
      bindings: namespace({
        echo: async (args, site) => {
          seen.push(site)
          return args as JsonValue
        },
      }),
      onEvent: (event) => events.push(event),
    }
    await observeRun(request, async (observed) => {
      const echo = observed.bindings[0]!.functions.echo!
      await echo(1, { call: 7, line: 3, column: 9 })
      await echo(2, { call: 8 })
      await echo(3)
      return withUsage({ logs: [] })
    })
    expect(seen).toEqual([{ call: 7, line: 3, column: 9 }, { call: 8 }, undefined])
    expect(events.filter((event) => event.type === 'call-started')).toEqual([
      { type: 'call-started', call: 7, global: 'tools', member: 'echo', line: 3, column: 9 },
      { type: 'call-started', call: 8, global: 'tools', member: 'echo' },
      { type: 'call-started', call: 3, global: 'tools', member: 'echo' },
    ])
  })
})
