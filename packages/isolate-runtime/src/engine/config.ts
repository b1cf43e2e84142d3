import { availableParallelism } from 'node:os'
import { CodeRuntimeError, CodeRuntimeErrorCode, showValue, standardConfigSchema } from '@isocode/code-runtime'

/** Options of {@link IsolateRuntime} (supervised) and {@link InProcessIsolateRuntime}; every field is optional and has a documented default. */
export interface IsolateRuntimeConfig {
  /** Warm isolates kept ready; runs beyond this queue FIFO. Default: cores, clamped to 1–4. */
  poolSize?: number
  /** Heap limit of each isolate in MB (isolated-vm minimum 8). Default 64. */
  memoryMb?: number
  /** CPU (execution) time one run may use, ms, including code after awaits. Default 5,000. */
  cpuMs?: number
  /** Wall-clock time one run may take, ms, including awaits on bindings. Default 30,000. */
  wallMs?: number
  /** Cap on UTF-8 bytes of the JSON of logs plus value (or failure message). Default 65,536. */
  outputBytes?: number
  /** Runs an isolate serves before it is disposed and replaced. Default 500. */
  maxRunsPerIsolate?: number
  /**
   * Opt-in: how long, µs, the host keeps polling for a program's answer to settled binding calls
   * (its next call or its end; across processes, each side for the other's) before it sleeps
   * (rule RT-41 in docs/runtime-contract.md). Halves a sequential call in a long call-heavy
   * program; after an idle gap it can double one (the OS puts the woken peer on the polling
   * core). Polling pauses while answers come later than this. Default 0: never polls.
   */
  pollMicros?: number
  /**
   * Run a program's code after an `await` on the host's thread (no thread hop per binding call,
   * ~5x cheaper sequential calls; in-process its start too), timed by isolated-vm's timeout. Meanwhile that thread does
   * nothing else, so an abort or another run waits until the program awaits again or its budget
   * ends (rule RT-40 in docs/runtime-contract.md). Default: true in the process-isolated runtime,
   * whose child serves one run; false in-process, where true is for trusted single-tenant hosts.
   */
  resumeOnHostThread?: boolean
  /**
   * Isolates the pool may add beyond `poolSize` while runs find no context ready (back to back,
   * each run outpaces the next context's preparation), so a prepared one waits for the next run;
   * they never add concurrency, and each is disposed after `spareIdleMs` unused. Default: 4
   * in-process, 0 in the process-isolated runtime (there it applies to each child).
   */
  spareIsolates?: number
  /** How long, ms, a spare isolate may stay unused before it is disposed. Default 10,000. */
  spareIdleMs?: number
  /** @deprecated since 0.2: use `memoryMb` (accepted for one release, with a DeprecationWarning). */
  memoryLimitMb?: number
  /** @deprecated since 0.2: use `cpuMs`. */
  cpuBudgetMs?: number
  /** @deprecated since 0.2: use `wallMs`. */
  wallBudgetMs?: number
  /** @deprecated since 0.2: use `outputBytes`. */
  outputCapBytes?: number
}

// why: these stay unset when not given: each runtime has its own default.
type PerRuntime = 'resumeOnHostThread' | 'spareIsolates'

/** The config keys renamed to the budget vocabulary (`cpuMs`, `wallMs`, `memoryMb`, `outputBytes`), old → new. */
const RENAMED = {
  memoryLimitMb: 'memoryMb',
  cpuBudgetMs: 'cpuMs',
  wallBudgetMs: 'wallMs',
  outputCapBytes: 'outputBytes',
} as const
type OldKey = keyof typeof RENAMED
const RENAMED_BACK: Partial<Record<string, OldKey>> = Object.fromEntries(
  Object.entries(RENAMED).map(([old, key]) => [key, old as OldKey]),
)
const warned = new Set<OldKey>()

/** A config with every default applied (`resumeOnHostThread` and `spareIsolates` stay unset: each runtime has its own default). */
export type ResolvedIsolateRuntimeConfig = Required<Omit<IsolateRuntimeConfig, PerRuntime | OldKey>> &
  Pick<IsolateRuntimeConfig, PerRuntime>

interface Field {
  key: Exclude<keyof IsolateRuntimeConfig, 'resumeOnHostThread' | OldKey>
  min: number
  max: number
  /** The default; none leaves the field unset (a per-runtime default). */
  fallback?: () => number
}

const FIELDS: readonly Field[] = [
  { key: 'poolSize', min: 1, max: 64, fallback: () => Math.min(4, Math.max(1, availableParallelism())) },
  { key: 'memoryMb', min: 8, max: 16_384, fallback: () => 64 },
  { key: 'cpuMs', min: 1, max: 3_600_000, fallback: () => 5_000 },
  { key: 'wallMs', min: 1, max: 86_400_000, fallback: () => 30_000 },
  { key: 'outputBytes', min: 16, max: 1 << 30, fallback: () => 65_536 },
  { key: 'maxRunsPerIsolate', min: 1, max: Number.MAX_SAFE_INTEGER, fallback: () => 500 },
  { key: 'pollMicros', min: 0, max: 10_000, fallback: () => 0 },
  { key: 'spareIsolates', min: 0, max: 64 },
  { key: 'spareIdleMs', min: 1, max: 3_600_000, fallback: () => 10_000 },
]

type Checked = { value: ResolvedIsolateRuntimeConfig } | { issues: { message: string; path: string[] }[] }

function check(input: unknown): Checked {
  if (input === undefined || input === null) input = {}
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { issues: [{ message: 'IsolateRuntime config must be an object (e.g. { poolSize: 2 })', path: [] }] }
  }
  const given = input as Record<string, unknown>
  const issues: { message: string; path: string[] }[] = []
  // why: each budget is read under the name the caller wrote, so a message names that key.
  const source = renamedKeys(given, issues)
  const named = (key: string): string => {
    const old = RENAMED_BACK[key]
    return old !== undefined && given[old] !== undefined ? old : key
  }
  const known = [...FIELDS.map((field) => field.key), 'resumeOnHostThread']
  for (const key of Object.keys(given)) {
    if (!known.includes(key) && !Object.hasOwn(RENAMED, key))
      issues.push({ message: `unknown option "${key}"; known: ${known.join(', ')}`, path: [key] })
  }
  const value = {} as ResolvedIsolateRuntimeConfig
  for (const { key, min, max, fallback } of FIELDS) {
    const raw = source[key]
    if (raw === undefined) {
      if (fallback !== undefined) value[key] = fallback()
    } else if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < min || raw > max) {
      issues.push({
        message: `${named(key)} must be an integer from ${min} to ${max}; got ${showValue(raw)}`,
        path: [named(key)],
      })
    } else {
      value[key] = raw
    }
  }
  const resume = source.resumeOnHostThread
  if (resume !== undefined && typeof resume !== 'boolean') {
    issues.push({
      message: `resumeOnHostThread must be true or false; got ${showValue(resume)}`,
      path: ['resumeOnHostThread'],
    })
  } else if (resume !== undefined) {
    value.resumeOnHostThread = resume
  }
  if (issues.length === 0 && value.wallMs < value.cpuMs) {
    const wall = named('wallMs')
    issues.push({
      message: `${wall} (${value.wallMs}) must be at least ${named('cpuMs')} (${value.cpuMs}); raise ${wall}`,
      path: [wall],
    })
  }
  return issues.length > 0 ? { issues } : { value }
}

/**
 * The config with each deprecated key read as its new name: a DeprecationWarning once per key per
 * process, and a config issue naming both when a budget is given under both names.
 */
function renamedKeys(
  given: Record<string, unknown>,
  issues: { message: string; path: string[] }[],
): Record<string, unknown> {
  let source = given
  for (const old of Object.keys(RENAMED) as OldKey[]) {
    if (given[old] === undefined) continue
    const key = RENAMED[old]
    if (given[key] !== undefined) {
      issues.push({
        message: `${old} and ${key} both set the same budget; keep ${key} (${old} is deprecated)`,
        path: [old],
      })
      continue
    }
    if (!warned.has(old)) {
      warned.add(old)
      process.emitWarning(`IsolateRuntime config "${old}" is deprecated; use "${key}" (same value and unit)`, {
        code: `ISOCODE_DEP_${old.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`,
        type: 'DeprecationWarning',
      })
    }
    if (source === given) source = { ...given }
    source[key] = given[old]
  }
  return source
}

/** Standard Schema (`~standard`) of the config, so Cordis validates it before construction. */
export const IsolateRuntimeConfigSchema = standardConfigSchema(check)

/** Apply defaults and validate; throws `CodeRuntimeError('INVALID_CONFIG')` naming the field and the fix. */
export function resolveConfig(input: unknown): ResolvedIsolateRuntimeConfig {
  const result = check(input)
  if ('issues' in result) {
    const lines = result.issues.map((issue) => `  - ${issue.message}`).join('\n')
    throw new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_CONFIG, `invalid IsolateRuntime config:\n${lines}`)
  }
  return result.value
}
