// The one resolved value both front doors (createCodeMode and the CLI) hand the assembly: every
// option checked once, at the edge, under the name its caller wrote. Loads nothing heavy, so the
// CLI checks its flags without starting isolated-vm or the MCP SDK.
import { showValue } from '@isocode/code-runtime'
import type { McpServerConfig } from '@isocode/mcp/spec'
import type { RunStore } from '@isocode/run-store'
import type { Budgets } from './budgets.ts'

export type { Budgets }

/** One limit: its CLI flag, unit and the range the runtime or registry accepts. */
interface Limit {
  readonly flag: string
  readonly unit: string
  readonly min: number
  readonly max: number
}

/** Every limit once: the facade's `budgets.<key>` and the CLI's flag name the same thing. */
export const LIMITS: Readonly<Record<keyof Budgets, Limit>> = {
  cpuMs: { flag: '--cpu-ms', unit: 'milliseconds', min: 1, max: 3_600_000 },
  wallMs: { flag: '--wall-ms', unit: 'milliseconds', min: 1, max: 86_400_000 },
  memoryMb: { flag: '--memory-mb', unit: 'MB', min: 8, max: 16_384 },
  outputBytes: { flag: '--output-bytes', unit: 'bytes', min: 16, max: 1 << 30 },
  toolCalls: { flag: '--tool-calls', unit: 'tool calls', min: 1, max: Number.MAX_SAFE_INTEGER },
  sdkBytes: { flag: '--sdk-bytes', unit: 'bytes', min: 0, max: Number.MAX_SAFE_INTEGER },
}

/** Names of the keys of {@link LIMITS}. */
export const LIMIT_KEYS = Object.keys(LIMITS) as (keyof Budgets)[]

/**
 * The problem with `budgets`, each named as `name(key)` spells it (`budgets.cpuMs`, `--cpu-ms`), or
 * undefined when every given limit is a whole number in its range and the wall budget covers the
 * CPU budget.
 */
export function budgetProblem(budgets: Budgets, name: (key: keyof Budgets) => string): string | undefined {
  for (const key of LIMIT_KEYS) {
    const value: unknown = budgets[key]
    if (value === undefined) continue
    const { unit, min, max } = LIMITS[key]
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`
      return `${name(key)} must be a whole number of ${unit} ${range}; got ${showValue(value)}`
    }
  }
  const { cpuMs, wallMs } = budgets
  if (cpuMs !== undefined && wallMs !== undefined && wallMs < cpuMs)
    return `${name('wallMs')} (${wallMs}) must be at least ${name('cpuMs')} (${cpuMs}); raise ${name('wallMs')}`
  return undefined
}

/** Where programs run: `process` (a supervised child process, the default) or `isolate` (this process). */
export type Isolation = 'process' | 'isolate'

/**
 * What the assembly builds, every field already checked (rule R-140): the assembly and everything
 * under it only read it.
 */
export interface AppPlan {
  readonly isolation: Isolation
  /** The limits given (absent ones take the runtime's or the registry's default). */
  readonly budgets: Readonly<Budgets>
  /** `code`: run_code only; `both`: the tools themselves too. */
  readonly mode: 'code' | 'both'
  /** Check each program before it runs (the registry's `check`, R-104). */
  readonly check: boolean
  /** Isolates (or supervised child processes) in the runtime pool. */
  readonly poolSize: number
  readonly mcp: readonly McpServerConfig[]
  /** Where runs are recorded: a store URL or a RunStore object; undefined: the in-memory store, recording only gated runs. */
  readonly store: string | RunStore | undefined
  /** Tool-name globs (and `destructive`) whose calls need approval. */
  readonly approve: readonly string[]
  /** How a start-up failure names its subject: the runtime, the MCP servers, the store. */
  readonly say: { readonly runtime: string; readonly mcp: string; readonly store: string }
}
