import { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
import type { RunJournal } from './types.ts'

/**
 * The most values one run's journal holds (clock, random and timers together, rule RT-49): a run
 * that observes more fails as `output-limit`, so a loop of `Date.now()` cannot fill the host.
 */
export const JOURNAL_LIMIT = 1_000_000

// why: what each list may hold: clock readings any finite ms, Math.random() its own range, timers their numbers.
const CHECKS: Record<keyof RunJournal, { test: (n: unknown) => boolean; what: string }> = {
  clock: { test: (n) => typeof n === 'number' && Number.isFinite(n), what: 'finite numbers (ms)' },
  random: { test: (n) => typeof n === 'number' && n >= 0 && n < 1, what: 'numbers in [0, 1)' },
  timers: { test: (n) => Number.isSafeInteger(n) && (n as number) >= 1, what: 'whole numbers >= 1' },
}

function fail(message: string): never {
  throw new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_REQUEST, message)
}

/**
 * A request's `journal` as a whole journal (absent lists empty), copied. Throws
 * {@link CodeRuntimeError} `INVALID_REQUEST` naming the field when it is not a journal.
 */
export function checkJournal(journal: unknown): RunJournal {
  if (typeof journal !== 'object' || journal === null || Array.isArray(journal))
    fail(
      'request.journal must be an object { clock?, random?, timers? } (pass {} to record, a returned journal to replay)',
    )
  const given = journal as Record<string, unknown>
  const out: RunJournal = { clock: [], random: [], timers: [] }
  let total = 0
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(CHECKS, key)) fail(`request.journal.${key} is not a journal field (clock, random, timers)`)
  }
  for (const key of ['clock', 'random', 'timers'] as const) {
    const list = given[key]
    if (list === undefined) continue
    const { test, what } = CHECKS[key]
    if (!Array.isArray(list) || !list.every(test)) fail(`request.journal.${key} must be an array of ${what}`)
    total += (list as number[]).length
    out[key] = [...(list as number[])]
  }
  if (total > JOURNAL_LIMIT) fail(`request.journal holds ${total} values, over the limit of ${JOURNAL_LIMIT}`)
  return out
}
