// The registry's side of the `runStore` service: the durable runs a run_code call
// of an agent scope is recorded in, and `ctx.tools.runs`, which decides and resumes them.
import type { ScopeKey } from '@isocode/harness'
import type { Context } from 'cordis'
import { RegistryError } from '../errors.ts'
import { RUN_CODE } from '../store/reserved.ts'
import type { ToolDefinition, ToolExecutionInput, ToolExecutionResult } from '../types.ts'
import { toolFacts } from './facts.ts'
import { runOutcome } from './outcome.ts'
import { DurableRuns } from './runs.ts'
import type { ExecuteDurable } from './runs.ts'
import type { RunsApi, ToolFacts } from './types.ts'

/** What recorded runs need of their registry. */
export interface RecordedRunsHost {
  /** The registry's mode: `native` offers no run_code, so nothing is recorded. */
  readonly mode: string
  execute(exec: ToolExecutionInput): Promise<ToolExecutionResult>
  resolve(name: string, scope: ScopeKey | undefined): ToolDefinition | undefined
}

/** The runs a registry records in the `runStore` service's store, by the agent scope they run in. */
export class RecordedRuns {
  /** What durable runs know of the global tools: each definition's needsApproval, revert, hints. */
  private readonly facts: ToolFacts
  /** Idempotency keys of the sub-calls of recorded runs in flight, by callId. */
  private readonly keys = new Map<string, string>()
  private resumes = 0

  constructor(private readonly host: RecordedRunsHost) {
    this.facts = toolFacts(new Map(), (name) => host.resolve(name, undefined))
  }

  /**
   * `ctx.tools.runs` for the context `caller`: a resume runs in its agent scope. Every
   * method rejects with RegistryError `STORE` while no runStore service is up.
   */
  api(home: Context, agent: ScopeKey | undefined): RunsApi {
    const current = (): DurableRuns => {
      const runs = this.of(home, agent)
      if (runs !== undefined) return runs
      throw new RegistryError(
        this.host.mode !== 'native'
          ? 'runs: no runStore service is up; load it first (ctx.plugin(RunStoreService, { store: "file:runs.db" }))'
          : `runs: the registry is in mode "${this.host.mode}", which has no run_code; configure ToolRegistry with mode "code" or "both"`,
        'STORE',
      )
    }
    const later =
      <A extends unknown[], R>(pick: (api: RunsApi) => (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> =>
        pick(current().api())(...args)
    return {
      approve: later((api) => api.approve),
      reject: later((api) => api.reject),
      resume: later((api) => api.resume),
      get: later((api) => api.get),
      list: later((api) => api.list),
      pending: later((api) => api.pending),
      cancel: later((api) => api.cancel),
      rollback: later((api) => api.rollback),
    }
  }

  /** The durable runs of the runStore service for calls of `agent`'s scope, or undefined when none is up. */
  of(home: Context, agent: ScopeKey | undefined): DurableRuns | undefined {
    const service = home.get('runStore')
    if (service === undefined || this.host.mode === 'native') return undefined
    const resumed =
      (code: string, scope: string | undefined): ExecuteDurable =>
      async (recorder, runId) => {
        const result = await this.host.execute({
          callId: `runs:${runId}:${++this.resumes}`,
          name: RUN_CODE,
          arguments: { code },
          durable: recorder,
          ...(agent === undefined ? {} : { agent }),
          ...(scope === undefined ? {} : { scope }),
        })
        return runOutcome(result, runId)
      }
    // why: R-149 — a live approval service answers a gated call before it would pause; it is asked
    // through the call's agent, so a call without one pauses.
    const live = (): boolean => agent !== undefined && home.get('approval') !== undefined
    // why: an agent's run may call the agent's own tools; their facts are read in its scope.
    const facts = agent === undefined ? this.facts : toolFacts(new Map(), (name) => this.host.resolve(name, agent))
    return new DurableRuns(service.store, facts, this.keys, resumed, live)
  }
}
