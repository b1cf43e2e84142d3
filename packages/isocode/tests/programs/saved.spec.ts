// Saved programs on the facade: saved from a program text or a recorded run, seen
// at once in cm.sdk and run_code's description with a typed input and an inferred output, found
// by tools.$search and tools.$describe, and called from another program with typed input.
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// why: the first save waits for the checker's TypeScript to start and parse its lib files; on a
// loaded machine that is a while, and the timeout only guards against a hang.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let cm: CodeMode
const reads: string[] = []

beforeAll(async () => {
  cm = await createCodeMode({
    isolation: 'isolate',
    tools: {
      read_sales: {
        description: 'Sales of one week.',
        inputSchema: { type: 'object', properties: { week: { type: 'integer' } }, required: ['week'] },
        outputSchema: {
          type: 'object',
          properties: { week: { type: 'integer' }, total: { type: 'number' } },
          required: ['week', 'total'],
        },
        execute: async ({ week }: { week: number }) => {
          reads.push(`week ${week}`)
          return { week, total: week * 10 }
        },
      },
    },
  })
})
afterAll(() => cm.close())

const WEEKLY = `const sales = await tools.read_sales({ week: input.week })
const doubled: number = sales.total * 2
return { week: sales.week, doubled }`

describe('cm.programs', () => {
  it('saves a program that appears at once in cm.sdk and run_code with typed input and inferred output', async () => {
    expect(cm.sdk).not.toContain('declare const programs')
    const saved = await cm.programs.save(
      'weeklyReport',
      { code: WEEKLY },
      {
        description: 'Doubles the sales of one week.',
        input: { type: 'object', properties: { week: { type: 'integer' } }, required: ['week'] },
      },
    )
    expect(saved).toMatchObject({ name: 'weeklyReport', version: 1, output: '{ week: number; doubled: number; }' })
    expect(Object.keys(saved.toolHashes)).toEqual(['read_sales'])
    expect(saved.stale).toBeUndefined()
    const declaration = `weeklyReport(input: { week: number }): Promise<{ week: number; doubled: number; }>;`
    expect(cm.sdk).toContain('/** Doubles the sales of one week. */')
    expect(cm.sdk).toContain(declaration)
    expect(cm.tool.description).toContain(declaration)
    expect(cm.sdk).toContain('declare const state:')
  })

  it('calls the saved program from another program, its tool calls counted in the caller run', async () => {
    reads.length = 0
    const result = await cm.run(`const a = await programs.weeklyReport({ week: 2 })
const b = await programs.weeklyReport({ week: 3 })
return a.doubled + b.doubled`)
    expect(result).toMatchObject({ ok: true, value: 100 })
    expect(result.usage.toolCalls).toBe(2)
    expect(reads).toEqual(['week 2', 'week 3'])
  })

  it('refuses an input its schema refuses, before the program runs a call', async () => {
    reads.length = 0
    const result = await cm.run(`return await programs.weeklyReport({ week: 'two' } as never)`)
    expect(result.ok).toBe(false)
    expect(result.error?.message).toContain('programs.weeklyReport: input refused by its schema: input.week')
    expect(reads).toEqual([])
  })

  it('replaces a saved program with the next version and lists it', async () => {
    const again = await cm.programs.save(
      'weeklyReport',
      { code: `${WEEKLY}\n` },
      {
        description: 'Doubles the sales of one week (v2).',
        input: { type: 'object', properties: { week: { type: 'integer' } } },
      },
    )
    expect(again.version).toBe(2)
    expect((await cm.programs.list()).map((p) => [p.name, p.version])).toEqual([['weeklyReport', 2]])
    expect((await cm.programs.get('weeklyReport'))?.description).toBe('Doubles the sales of one week (v2).')
    expect(cm.sdk).toContain('(v2)')
  })

  it('finds saved programs with tools.$search (kind program) and documents them with tools.$describe', async () => {
    const result = await cm.run(`const hits = await tools.$search('doubles sales week')
const doc = await tools.$describe('programs.weeklyReport')
return { hit: hits.find((h: { name: string }) => h.name === 'programs.weeklyReport'), doc }`)
    expect(result.ok).toBe(true)
    const value = result.value as { hit: { kind: string; declaration: string }; doc: string }
    expect(value.hit.kind).toBe('program')
    expect(value.hit.declaration).toContain('weeklyReport(input: { week?: number })')
    expect(value.doc).toBe(value.hit.declaration)
  })

  it('saves the program of a recorded run', async () => {
    await using durable = await createCodeMode({ isolation: 'isolate', store: 'memory:', tools: {} })
    const run = await durable.run(`return [1, 2, 3].map((n) => n * n)`)
    expect(run.runId).toBeDefined()
    const saved = await durable.programs.save('squares', { runId: run.runId as string }, { description: 'Squares.' })
    expect(saved).toMatchObject({ code: 'return [1, 2, 3].map((n) => n * n)', output: 'number[]' })
    expect(durable.sdk).toContain('squares(input?: unknown): Promise<number[]>;')
    expect(await durable.run(`return (await programs.squares()).length`)).toMatchObject({ ok: true, value: 3 })
    expect(await durable.programs.delete('squares')).toBe(true)
    expect(await durable.programs.delete('squares')).toBe(false)
    expect(durable.sdk).not.toContain('squares')
  })
})
