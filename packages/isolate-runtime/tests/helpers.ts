import type { CodeBinding, CodeBindingNamespace, CodeRunResult, JsonValue } from '@isocode/code-runtime'
import { InProcessIsolateRuntime, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import type { IsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { Context } from 'cordis'
import type { ConformanceFactory } from '@isocode/code-runtime/conformance'

/** Small budgets so budget scenarios finish fast. */
export const smallBudgets: IsolateRuntimeConfig = {
  poolSize: 2,
  memoryMb: 32,
  cpuMs: 100,
  wallMs: 500,
  outputBytes: 4096,
}

/** Boot the runtime through a real Cordis app; `dispose` unloads the plugin. */
export async function boot(
  config: IsolateRuntimeConfig = {},
): Promise<{ root: Context; runtime: InProcessIsolateRuntime; dispose: () => Promise<void> }> {
  const root = new Context()
  const fiber = await root.plugin(InProcessIsolateRuntime, { ...smallBudgets, ...config })
  const runtime = root.get('codeRuntime') as InProcessIsolateRuntime
  return { root, runtime, dispose: async () => void (await fiber.dispose()) }
}

/** Boot the process-supervised runtime the same way. */
export async function bootSupervised(
  config: IsolateRuntimeConfig = {},
): Promise<{ root: Context; runtime: SupervisedIsolateRuntime; dispose: () => Promise<void> }> {
  const root = new Context()
  const fiber = await root.plugin(SupervisedIsolateRuntime, { ...smallBudgets, ...config })
  const runtime = root.get('codeRuntime') as SupervisedIsolateRuntime
  return { root, runtime, dispose: async () => void (await fiber.dispose()) }
}

/** A conformance-kit factory for either backend, configured with the kit's budgets. */
export function conformanceFactory(
  plugin: typeof InProcessIsolateRuntime | typeof SupervisedIsolateRuntime,
  extra: IsolateRuntimeConfig = {},
): ConformanceFactory {
  return async (budgets) => {
    const root = new Context()
    const fiber = await root.plugin(plugin, {
      ...extra,
      poolSize: 2,
      cpuMs: budgets.cpuMs,
      wallMs: budgets.wallMs,
      outputBytes: budgets.outputBytes,
      memoryMb: budgets.memoryMb,
    })
    const runtime = root.get('codeRuntime') as InProcessIsolateRuntime | SupervisedIsolateRuntime
    // why: the kit runs programs two at once under its own wall budgets; the supervised pool's
    // spare starts after start-up (RT-69), so a case must not count its start against a budget.
    if (runtime instanceof SupervisedIsolateRuntime) await runtime.ready()
    return { runtime, dispose: async () => void (await fiber.dispose()) }
  }
}

/** A namespace from plain functions (copied into a null-prototype record). */
export function ns(
  global: string,
  functions: Record<string, CodeBinding>,
  errorClass?: CodeBindingNamespace['errorClass'],
): CodeBindingNamespace {
  const members = Object.assign(Object.create(null) as Record<string, CodeBinding>, functions)
  return errorClass === undefined ? { global, functions: members } : { global, functions: members, errorClass }
}

export const echo: CodeBinding = (args) => Promise.resolve(args as JsonValue)
export const never: CodeBinding = () => new Promise<JsonValue>(() => {})
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Run a program with optional bindings. */
export function run(
  runtime: InProcessIsolateRuntime | SupervisedIsolateRuntime,
  program: string,
  bindings: CodeBindingNamespace[] = [],
  signal?: AbortSignal,
): Promise<CodeRunResult> {
  return runtime.run(signal === undefined ? { program, bindings } : { program, bindings, signal })
}

/**
 * Start a run and resolve `logged` once its first log line reached the host: a point a test can
 * act on (abort, dispose, stop the process) whatever the machine's speed, unlike a fixed sleep.
 */
export function runUntilLogged(
  runtime: InProcessIsolateRuntime | SupervisedIsolateRuntime,
  program: string,
  signal?: AbortSignal,
): { result: Promise<CodeRunResult>; logged: Promise<void> } {
  let seen!: () => void
  const logged = new Promise<void>((resolve) => (seen = resolve))
  const request = { program, bindings: [], onLog: () => seen() }
  return { result: runtime.run(signal === undefined ? request : { ...request, signal }), logged }
}

/**
 * Start a run that holds its isolate inside the binding `gate.hold` until `release()`; resolves
 * once the binding was entered, so the run is surely live whatever the machine's speed.
 */
export async function runHeld(
  runtime: InProcessIsolateRuntime | SupervisedIsolateRuntime,
): Promise<{ result: Promise<CodeRunResult>; release: () => void }> {
  let release!: () => void
  let result!: Promise<CodeRunResult>
  await new Promise<void>((entered) => {
    const gate = ns('gate', {
      hold: () =>
        new Promise<JsonValue>((resolve) => {
          release = () => resolve(null)
          entered()
        }),
    })
    result = run(runtime, 'await gate.hold(); return 1', [gate])
  })
  return { result, release }
}

// why: at any speed, a host decides once per settlement whether to poll (rule RT-41); sequential
// calls are settled one per host turn, so the counts add up exactly.
const POLLED_CALLS = 20
/** A program making 20 sequential echo calls; its value is {@link POLLED_SUM}. */
export const POLLED_PROGRAM = `let sum = 0\nfor (let i = 0; i < ${POLLED_CALLS}; i++) sum += ((await tools.echo({ i })) as { i: number }).i\nreturn sum`
export const POLLED_SUM = (POLLED_CALLS * (POLLED_CALLS - 1)) / 2

/**
 * Run {@link POLLED_PROGRAM} on a runtime that ran nothing else, and sum up its polling: the
 * value, the decisions made (polled or skipped), and whether the counts are consistent.
 */
export async function pollDecisions(
  runtime: InProcessIsolateRuntime | SupervisedIsolateRuntime,
): Promise<{ value: unknown; decisions: number; polledFirst: boolean; caughtOnlyWhilePolling: boolean }> {
  const result = await run(runtime, POLLED_PROGRAM, [ns('tools', { echo })])
  const { polls } = runtime.stats()
  // why: a runtime starts out polling; only answers that came late make it skip.
  return {
    value: result.value,
    decisions: polls.polled + polls.skipped,
    polledFirst: polls.polled >= 1,
    caughtOnlyWhilePolling: polls.caught <= polls.polled,
  }
}

/** What {@link pollDecisions} gives for a runtime that polls: one decision per settlement. */
export const ONE_DECISION_PER_CALL = {
  value: POLLED_SUM,
  decisions: POLLED_CALLS,
  polledFirst: true,
  caughtOnlyWhilePolling: true,
}
