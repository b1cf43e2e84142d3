// Runs the check over both corpora with the public checker (its worker thread, as a host runs
// it) and counts: false blocks of the correct corpus, and how much of the broken one is caught
// with the right error class (and line, where the mutation fixes it).
import { createProgramChecker, type CheckResult } from '@isocode/program-check'
import { type BrokenProgram, brokenCorpus } from './broken.ts'
import { type CorpusProgram, correctCorpus } from './correct.ts'

/** The counts of one pass over both corpora. */
export interface CorpusCounts {
  correct: number
  falseBlocks: number
  /** The correct programs the check blocked, with the first error of each. */
  blocked: Array<{ id: string; error: string }>
  broken: number
  caught: number
  /** caught / broken, to 4 decimals. */
  caughtShare: number
  /** The broken programs missed, with what the check said. */
  missed: Array<{ id: string; expected: string; got: string }>
  /** Per error class: programs and caught. */
  byClass: Map<string, { programs: number; caught: number }>
  /** Checks that came back unchecked (a crash or a timeout), over both corpora. */
  unchecked: number
}

/** Whether `result` blocks `program` for the error it holds. */
export function catches(program: BrokenProgram, result: CheckResult): boolean {
  return (
    result.status === 'blocked' &&
    result.errors.some((e) => e.class === program.expected && (program.line === undefined || e.line === program.line))
  )
}

/** Check every program of both corpora (or the ones given) and count. */
export async function measureCorpora(
  correct?: readonly CorpusProgram[],
  broken: readonly BrokenProgram[] = brokenCorpus(),
): Promise<CorpusCounts> {
  const programs = correct ?? (await correctCorpus())
  const checker = createProgramChecker({ timeoutMs: 60_000 })
  const counts: CorpusCounts = {
    correct: programs.length,
    falseBlocks: 0,
    blocked: [],
    broken: broken.length,
    caught: 0,
    caughtShare: 0,
    missed: [],
    byClass: new Map(),
    unchecked: 0,
  }
  try {
    for (const program of programs) {
      const result = await checker.check(program.code, program.sdk)
      if (result.status === 'unchecked') counts.unchecked++
      if (result.status !== 'blocked') continue
      counts.falseBlocks++
      counts.blocked.push({ id: program.id, error: result.errors[0]?.message ?? '' })
    }
    for (const program of broken) {
      const result = await checker.check(program.code, program.sdk)
      if (result.status === 'unchecked') counts.unchecked++
      const row = counts.byClass.get(program.expected) ?? { programs: 0, caught: 0 }
      row.programs++
      if (catches(program, result)) {
        counts.caught++
        row.caught++
      } else {
        const got =
          result.status === 'blocked'
            ? result.errors.map((e) => `${e.class} ${e.line}:${e.column}`).join(', ')
            : result.status
        counts.missed.push({ id: program.id, expected: program.expected, got })
      }
      counts.byClass.set(program.expected, row)
    }
  } finally {
    await checker.close()
  }
  counts.caughtShare = counts.broken === 0 ? 0 : Number((counts.caught / counts.broken).toFixed(4))
  return counts
}

/** The corpora as a Markdown table: one row per corpus and broken error class. */
export function corpusTable(counts: CorpusCounts): string {
  const rows = [
    '| corpus | programs | blocked | caught |',
    '|---|---:|---:|---:|',
    `| correct | ${counts.correct} | ${counts.falseBlocks} (false blocks) | — |`,
    ...[...counts.byClass].map(([kind, row]) => `| broken: ${kind} | ${row.programs} | — | ${row.caught} |`),
    `| broken, all | ${counts.broken} | — | ${counts.caught} (${(counts.caughtShare * 100).toFixed(1)}%) |`,
  ]
  const notes = [
    ...counts.blocked.map((b) => `false block: ${b.id}: ${b.error}`),
    ...counts.missed.map((m) => `missed: ${m.id} (expected ${m.expected}, got ${m.got})`),
    ...(counts.unchecked > 0 ? [`unchecked (crash or timeout): ${counts.unchecked}`] : []),
  ]
  return [rows.join('\n'), ...notes].join('\n')
}
