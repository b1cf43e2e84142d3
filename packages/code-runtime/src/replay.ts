import { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
import { toLosslessJson } from './json.ts'
import type { CodeCallOutcome, CodeReplayCall, JsonValue } from './types.ts'

/** One call a run may serve itself, checked: its argument as the JSON text a matching call sends. */
export interface ServedCall {
  readonly global: string
  readonly member: string
  readonly argsJson: string
  readonly outcome: CodeCallOutcome
}

/** A request's `replay` checked (rule RT-71): the calls by number, and whom to tell (never throws). */
export interface CheckedReplay {
  readonly calls: ReadonlyMap<number, ServedCall>
  readonly onServed: (call: number) => void
}

function fail(message: string): never {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_REQUEST, message)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function lossless(value: unknown, field: string): JsonValue {
  const checked = toLosslessJson(value)
  if (!checked.ok) fail(`${field} must be lossless JSON (${checked.reason})`)
  return checked.value
}

function outcomeOf(value: unknown, field: string): CodeCallOutcome {
  if (!isRecord(value) || typeof value.ok !== 'boolean')
    fail(`${field} must be { ok: true, value? } or { ok: false, message, code? }`)
  if (value.ok)
    return value.value === undefined ? { ok: true } : { ok: true, value: lossless(value.value, `${field}.value`) }
  if (typeof value.message !== 'string') fail(`${field}.message must be a string`)
  if (value.code === undefined) return { ok: false, message: value.message }
  if (typeof value.code !== 'string') fail(`${field}.code must be a string`)
  return { ok: false, message: value.message, code: value.code }
}

/**
 * A request's `replay` (rule RT-71) checked and copied, each argument as its JSON text; throws
 * {@link CodeRuntimeError} `INVALID_REQUEST` naming the field when it is not one, or when the
 * request keeps no journal (calls are numbered only then, rule RT-52).
 */
export function checkReplay(replay: unknown, journaled: boolean): CheckedReplay {
  if (!journaled) fail('request.replay needs request.journal: calls are numbered only in a journaled run (RT-52)')
  if (!isRecord(replay) || !Array.isArray(replay.calls) || typeof replay.onServed !== 'function')
    fail('request.replay must be { calls: [{ call, global, member, args, outcome }], onServed(call) }')
  const calls = new Map<number, ServedCall>()
  ;(replay.calls as unknown[]).forEach((entry: unknown, i) => {
    const field = `request.replay.calls[${i}]`
    if (!isRecord(entry)) fail(`${field} must be { call, global, member, args, outcome }`)
    const { call, global, member } = entry as Partial<CodeReplayCall>
    if (!Number.isSafeInteger(call) || (call as number) < 1) fail(`${field}.call must be a whole number >= 1`)
    if (calls.has(call as number)) fail(`${field}.call ${call} is given twice`)
    if (typeof global !== 'string' || typeof member !== 'string') fail(`${field}.global and .member must be strings`)
    calls.set(call as number, {
      global,
      member,
      argsJson: JSON.stringify(lossless(entry.args, `${field}.args`)),
      outcome: outcomeOf(entry.outcome, `${field}.outcome`),
    })
  })
  const told = replay.onServed as (call: number) => void
  return {
    calls,
    onServed: (call) => {
      try {
        told(call)
      } catch {
        // why: a throwing listener is the host's bug; it must not end or corrupt the program's run.
      }
    },
  }
}
