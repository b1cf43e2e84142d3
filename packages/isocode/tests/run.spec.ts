// createCodeMode end to end on the in-process runtime: tools called from a program, bad calls as
// ToolCallError at the call site, the structured result, the SDK text and the run_code tool.
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let cm: CodeMode
const weatherCalls: unknown[] = []

beforeAll(async () => {
  cm = await createCodeMode({
    isolation: 'isolate',
    tools: {
      get_weather: {
        description: 'Current weather of a city.',
        inputSchema: {
          type: 'object',
          properties: { city: { type: 'string' }, units: { enum: ['c', 'f'] } },
          required: ['city'],
        },
        execute: async (args: { city: string }) => {
          weatherCalls.push(args)
          return { city: args.city, temp: 3 }
        },
      },
      add: {
        description: 'Add two numbers.',
        inputSchema: z.object({ a: z.number(), b: z.number() }),
        execute: async ({ a, b }: { a: number; b: number }) => a + b,
      },
      explode: {
        inputSchema: { type: 'object' },
        execute: async () => {
          throw new Error('the backend is down')
        },
      },
      today: { inputSchema: { type: 'object' }, execute: async () => new Date(0) },
    },
  })
})
afterAll(async () => cm.close())

describe('createCodeMode with plain and zod tools', () => {
  it('a program calls both and returns a structured result', async () => {
    const result = await cm.run(
      'const w = await tools.get_weather({ city: "Oslo" })\nconsole.log("temp", w.temp)\nreturn { w, sum: await tools.add({ a: 1, b: 2 }) }',
    )
    expect(result).toEqual({
      ok: true,
      status: 'completed',
      value: { w: { city: 'Oslo', temp: 3 }, sum: 3 },
      logs: ['temp 3'],
      usage: { cpuMs: expect.any(Number), wallMs: expect.any(Number), toolCalls: 2, outputBytes: expect.any(Number) },
      text: 'temp 3\n\nreturn value:\n{\n  "w": {\n    "city": "Oslo",\n    "temp": 3\n  },\n  "sum": 3\n}',
    })
  })

  it('a bad argument is a ToolCallError at the call site naming the path and the closest name; execute never runs', async () => {
    weatherCalls.length = 0
    const result = await cm.run(
      'try {\n  await tools.get_weather({ town: "Oslo" })\n} catch (e) {\n  return { name: e.name, tool: e.tool, message: e.message }\n}',
    )
    expect(weatherCalls).toEqual([])
    expect(result.value).toMatchObject({ name: 'ToolCallError', tool: 'get_weather' })
    const message = (result.value as { message: string }).message
    expect(message).toContain('args.town: unknown property; did you mean args.city?')
    expect(message).toContain('args.city: missing (required)')
  })

  it('a tool that throws or returns no JSON rejects inside the program; the run goes on', async () => {
    const result = await cm.run(
      'const seen: string[] = []\nfor (const name of ["explode", "today"]) {\n  try { await tools[name]({}) } catch (e) { seen.push(e.name + " " + e.message) }\n}\nreturn { seen, after: await tools.add({ a: 2, b: 2 }) }',
    )
    expect(result.ok).toBe(true)
    const { seen, after } = result.value as { seen: string[]; after: number }
    expect(after).toBe(4)
    expect(seen[0]).toMatch(/^ToolCallError tools\.explode failed \(TOOL_FAILED\): the backend is down/)
    expect(seen[1]).toMatch(/^ToolCallError tools\.today failed \(INVALID_TOOL_OUTPUT\): .*the result is not JSON/s)
  })

  it('an uncaught failure is ok: false with kind, message, line and column; never a rejection', async () => {
    // why: a wrong type, not a missing argument: the check before the run proves only the
    // latter, so this one reaches the tool's validation at run time.
    const result = await cm.run('const a = 1\n  await tools.get_weather({ city: 42 })')
    expect(result.ok).toBe(false)
    // why: V8 points at the called member: column 15 is `get_weather` in `  await tools.get_weather({})`.
    expect(result.error).toMatchObject({ kind: 'exception', line: 2, column: 15 })
    expect(result.error?.message).toContain('tools.get_weather failed (INVALID_ARGS)')
    expect(result.text).toContain('run_code failed (exception)')
  })

  it('cm.sdk declares the tools; cm.tool carries the SDK in its description and runs programs', async () => {
    expect(cm.sdk).toContain('declare const tools: {')
    expect(cm.sdk).toMatch(/get_weather: \(args: \{ city: string; units\?: "c" \| "f" \}\) => Promise<unknown>;/)
    expect(cm.tool.name).toBe('run_code')
    expect(cm.tool.description).toMatch(/^Run a TypeScript program that calls the `tools` SDK described below\./)
    expect(cm.tool.description).toContain(cm.sdk)
    expect(cm.tool.inputSchema).toMatchObject({
      type: 'object',
      properties: { code: { type: 'string' } },
      additionalProperties: false,
    })
    expect(
      await cm.tool.execute({ code: 'return await tools.add({ a: 20, b: 22 })', description: 'add' }),
    ).toMatchObject({ ok: true, value: 42, text: '42' })
    await expect(cm.tool.execute({ code: 1 } as never)).rejects.toMatchObject({
      name: 'IsocodeError',
      code: 'INVALID_ARGS',
    })
  })

  it('an aborted signal ends the run as kind abort', async () => {
    const controller = new AbortController()
    const pending = cm.run('await new Promise((resolve) => setTimeout(resolve, 60_000))', { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    const result = await pending
    expect(result).toMatchObject({ ok: false, error: { kind: 'abort' } })
  })
})

describe('sdk option', () => {
  it('compact gives the compact section with the discovery members; full never falls back', async () => {
    const tools = {
      get_weather: {
        description: 'Weather.',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
        execute: async () => 1,
      },
    }
    const compact = await createCodeMode({ isolation: 'isolate', sdk: 'compact', tools })
    const full = await createCodeMode({ isolation: 'isolate', sdk: 'full', budgets: { sdkBytes: 10 }, tools })
    try {
      expect(compact.sdk).toContain('tools.$search')
      expect(compact.sdk).not.toContain('get_weather: (args:')
      expect(full.sdk).toContain('get_weather: (args:')
    } finally {
      await compact.close()
      await full.close()
    }
  })
})

describe('budgets', () => {
  it('a CPU budget ends a busy program as kind timeout', async () => {
    const limited = await createCodeMode({ isolation: 'isolate', budgets: { cpuMs: 100 } })
    try {
      const result = await limited.run('while (true) {}')
      expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } })
    } finally {
      await limited.close()
    }
  })

  it('a toolCalls budget ends a program that makes one call more as kind tool-call-limit', async () => {
    let calls = 0
    const limited = await createCodeMode({
      isolation: 'isolate',
      budgets: { toolCalls: 2 },
      tools: { tick: { inputSchema: { type: 'object' }, execute: async () => ++calls } },
    })
    try {
      const result = await limited.run('for (let i = 0; i < 5; i++) await tools.tick({})\nreturn "done"')
      expect(result).toMatchObject({ ok: false, error: { kind: 'tool-call-limit' } })
      // why: the third call is refused before it is dispatched (the registry's toolCalls).
      expect(calls).toBe(2)
    } finally {
      await limited.close()
    }
  })
})
