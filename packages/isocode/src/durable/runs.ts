// The facade's edge of durable runs (rules ): the registry's one implementation,
// its RegistryErrors thrown on as IsocodeErrors with the same code and message.
import { RegistryError } from '@isocode/registry'
import type { DurableRuns, ExecuteDurable } from '@isocode/registry/internal'
import { IsocodeError } from '../errors.ts'
import type { IsocodeErrorCode } from '../errors.ts'
import type { CodeModeResult, CodeModeRuns, RunDecision } from '../types.ts'

export type { ExecuteDurable }

const DURABLE_CODES: ReadonlySet<string> = new Set([
  'RUN_NOT_FOUND',
  'RUN_NOT_PAUSED',
  'INVALID_DECISIONS',
  'TOOL_CHANGED',
  'STORE',
] satisfies IsocodeErrorCode[])

/** A durable-runs refusal of the registry as the facade's error; anything else as it is. */
function facadeError(error: unknown): unknown {
  if (error instanceof RegistryError && DURABLE_CODES.has(error.code))
    return new IsocodeError(error.message, error.code as IsocodeErrorCode, { cause: error })
  return error
}

const mapped =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args)
    } catch (error) {
      throw facadeError(error)
    }
  }

/** Durable runs as the facade and the CLI drive them: start, decide, resume and the `cm.runs` API. */
export interface FacadeRuns {
  /** Record a new run of `code` and run it; its state `scope` is kept for a resume. */
  start(code: string, execute: ExecuteDurable, scope?: string): Promise<CodeModeResult>
  decide(runId: unknown, decisions: readonly RunDecision[] | undefined, what: string): Promise<CodeModeResult>
  resume(runId: unknown, what?: string): Promise<CodeModeResult>
  /** The `cm.runs` object. */
  api(): CodeModeRuns
}

/** The facade's view of the registry's {@link DurableRuns}. */
export function facadeRuns(core: DurableRuns): FacadeRuns {
  const api = core.api()
  return {
    start: mapped((code, execute, scope) => core.start(code, execute, scope)),
    decide: mapped((runId, decisions, what) => core.decide(runId, decisions, what)),
    resume: mapped((runId, what) => core.resume(runId, what)),
    api: () => ({
      approve: mapped(api.approve),
      reject: mapped(api.reject),
      resume: mapped(api.resume),
      get: mapped(api.get),
      list: mapped(api.list),
      pending: mapped(api.pending),
      cancel: mapped(api.cancel),
      rollback: mapped(api.rollback),
    }),
  }
}
