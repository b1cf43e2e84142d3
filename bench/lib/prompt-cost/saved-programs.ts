// What saved programs cost the prompt: the assembled tools:sdk section of a Code Mode
// registry with a store, over the 50-tool set, with 0 / 10 / 50 saved programs. Each program
// should add its declaration and nothing more, so the growth over 0 is compared with the tokens of
// the declarations alone.
import { SystemPrompt } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import { STATE_SDK } from '@isocode/sdk-codegen'
import type { JsonObject } from '@isocode/registry'
import { openRunStore } from '@isocode/run-store'
import { WorkerRuntime } from '@isocode/worker-runtime'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'
import { costOf } from './tokens.ts'
import { generatedSet } from './sets.ts'

/** The saved-program counts priced. */
export const SAVED_PROGRAM_COUNTS = [0, 10, 50] as const

/** Tokens of the section with `count` saved programs, and of the `count` declarations alone. */
export interface SavedProgramsCost {
  count: number
  tokens: number
  bytes: number
  declarationTokens: number
  declarationBytes: number
}

const notCalled = (): never => {
  throw new Error('bench: prompt-cost tools are never called')
}

// why: programs a model would save: a typed input, a few lines, an object back.
const program = (i: number) => ({
  name: `report${i}`,
  code: `const rows = input.ids.map((id: string) => ({ id, score: id.length * ${i + 1} }))\nreturn { count: rows.length, best: rows[0]?.id ?? null }`,
  options: {
    description: `Scores the ids of batch ${i} and returns the best one.`,
    input: { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } }, required: ['ids'] },
  },
})

/** Price the 50-tool section with each count of saved programs (the programs are saved for real). */
export async function priceSavedPrograms(
  counts: readonly number[] = SAVED_PROGRAM_COUNTS,
  toolCount = 50,
): Promise<SavedProgramsCost[]> {
  const tools = generatedSet(toolCount).tools
  const out: SavedProgramsCost[] = []
  for (const count of counts) {
    const root = new Context()
    const store = await openRunStore('memory:')
    const fibers: Fiber[] = [
      await root.plugin(SystemPrompt),
      await root.plugin(ToolRegistry, { mode: 'code', sdkBudgetBytes: Number.MAX_SAFE_INTEGER }),
      await root.plugin(WorkerRuntime),
    ]
    try {
      for (const tool of tools) {
        root.tools.register({
          name: tool.name,
          parameters: tool.parameters as JsonObject,
          ...(tool.description === undefined ? {} : { description: tool.description }),
          ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema as JsonObject }),
          execute: notCalled,
        })
      }
      await root.tools.programs.use(store)
      for (let i = 0; i < count; i++) {
        const p = program(i)
        await root.tools.programs.save(p.name, p.code, p.options)
      }
      const { system } = await root.systemPrompt.assemble()
      const declarations = root.tools.programs
        .list()
        // why: the programs call no tool, so no tool list can make them stale.
        .map((saved) => root.tools.programs.describe(saved.name, []) ?? '')
        .join('')
      const section = costOf(system)
      const alone = costOf(declarations)
      out.push({
        count,
        tokens: section.tokens,
        bytes: section.bytes,
        declarationTokens: alone.tokens,
        declarationBytes: alone.bytes,
      })
    } finally {
      for (const fiber of fibers.toReversed()) await fiber.dispose()
      await store.close()
    }
  }
  return out
}

/** `prompt_tokens_saved_programs_<n>` for each count, and `prompt_tokens_state_declaration` (in every count's section). */
export function savedProgramMetrics(costs: readonly SavedProgramsCost[]): Record<string, number> {
  if (costs.length === 0) return {}
  return {
    ...Object.fromEntries(costs.map((c) => [`prompt_tokens_saved_programs_${c.count}`, c.tokens])),
    prompt_tokens_state_declaration: costOf(STATE_SDK).tokens,
  }
}

/**
 * `prompt_saved_programs_<n>_vs_0` (the section with n programs over the section with none) and
 * `prompt_saved_programs_<n>_growth_vs_declarations` (what the n programs added over the tokens of
 * their declarations alone: 1 means each adds its declaration and nothing more).
 */
export function savedProgramRatios(costs: readonly SavedProgramsCost[]): Record<string, number> {
  const none = costs.find((c) => c.count === 0)
  if (none === undefined) return {}
  const out: Record<string, number> = {}
  for (const c of costs.filter((cost) => cost.count > 0)) {
    out[`prompt_saved_programs_${c.count}_vs_0`] = Number((c.tokens / none.tokens).toFixed(3))
    out[`prompt_saved_programs_${c.count}_growth_vs_declarations`] = Number(
      ((c.tokens - none.tokens) / c.declarationTokens).toFixed(3),
    )
  }
  return out
}
