import { JOURNAL_LIMIT } from '@isocode/code-runtime'
import type { CodeCallSite, CodeRunResult, RunJournal } from '@isocode/code-runtime'

/** A journal with nothing in it yet. */
export function emptyJournal(): RunJournal {
  return { clock: [], random: [], timers: [] }
}

/** `result` with a journal: its own, or an empty one for a run that ended before its program ran. */
export function withJournal(result: CodeRunResult): CodeRunResult {
  return result.journal === undefined ? { ...result, journal: emptyJournal() } : result
}

const isFiniteList = (list: unknown): list is number[] =>
  Array.isArray(list) && list.every((n) => typeof n === 'number' && Number.isFinite(n))

/**
 * A part of a journal as the guest (or a supervised child) sends it, checked field by field
 * (finite numbers, random in [0, 1), timers whole and >= 1); undefined when it is not one.
 */
export function checkJournalChunk(value: unknown): RunJournal | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { clock, random, timers } = value as Partial<Record<keyof RunJournal, unknown>>
  if (!isFiniteList(clock) || !isFiniteList(random) || !isFiniteList(timers)) return undefined
  if (!random.every((n) => n >= 0 && n < 1) || !timers.every((n) => Number.isSafeInteger(n) && n >= 1)) return undefined
  return { clock, random, timers }
}

/** The guest's journal text (`[clock, random, timers]` as JSON) as a checked chunk, or undefined. */
export function parseGuestJournal(text: string): RunJournal | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value) || value.length !== 3) return undefined
    return checkJournalChunk({ clock: value[0], random: value[1], timers: value[2] })
  } catch {
    return undefined
  }
}

/**
 * The journal a run's host side keeps (rule RT-49): the chunks the guest sent, appended in order,
 * bounded by {@link JOURNAL_LIMIT}. It lives on the host, so a run killed or aborted still returns
 * what its program observed before its last await.
 */
export class JournalBook {
  readonly journal: RunJournal = emptyJournal()
  private size = 0

  constructor(private readonly tap: ((chunk: RunJournal) => void) | undefined) {}

  /** Append `chunk` (and pass it to the tap); false, and nothing kept, once it would pass the limit. */
  add(chunk: RunJournal): boolean {
    const size = this.size + chunk.clock.length + chunk.random.length + chunk.timers.length
    if (size > JOURNAL_LIMIT) return false
    this.size = size
    for (const key of ['clock', 'random', 'timers'] as const) {
      const list = this.journal[key]
      for (const n of chunk[key]) list.push(n)
    }
    this.tap?.(chunk)
    return true
  }
}

/** The message of a run whose journal passed {@link JOURNAL_LIMIT}. */
export const JOURNAL_OVER = `the program read the clock, Math.random() or timers more than ${JOURNAL_LIMIT} times while its run was journaled`

const isPosition = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 1

/**
 * A call site as data (from the supervised child's wire), checked: `call` a whole number >= 1, and
 * `line` and `column` both whole numbers >= 1 or both absent; undefined otherwise.
 */
export function checkCallSite(value: { call?: unknown; line?: unknown; column?: unknown }): CodeCallSite | undefined {
  const { call, line, column } = value
  if (!isPosition(call)) return undefined
  if (line === undefined && column === undefined) return { call }
  return isPosition(line) && isPosition(column) ? { call, line, column } : undefined
}

/**
 * The guest's call-site text (`call:line:column`, or `call` alone when the call came from outside
 * the program's code) as a {@link CodeCallSite}; undefined when malformed.
 */
export function parseCallSite(text: string): CodeCallSite | undefined {
  const [call, line, column, extra] = text.split(':').map(Number)
  if (extra !== undefined || (line !== undefined && column === undefined)) return undefined
  return checkCallSite({ call, line, column })
}
