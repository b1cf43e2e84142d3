// The task report: what `pnpm eval` measured (the source of the page, the chart and the README
// block), and the sums the table's totals row and "cheaper" column are made of.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { EvalRun, PathRecord, PromptTokens, TaskRecord } from './run-eval.ts'
import { TOKENIZER } from './tokens.ts'

/** The committed results of one `pnpm eval`. */
export interface TaskReport {
  tokenizer: string
  node: string
  /** `name@version` of the MCP servers and the tokenizer measured with. */
  packages: string[]
  promptTokens: PromptTokens
  tasks: TaskRecord[]
}

const require = createRequire(import.meta.url)
const MEASURED = [
  '@modelcontextprotocol/server-filesystem',
  '@modelcontextprotocol/server-memory',
  '@modelcontextprotocol/server-everything',
  'gpt-tokenizer',
]

function versionOf(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version
}

const tenths = (ms: number): number => Math.round(ms * 10) / 10

const round = (path: PathRecord): PathRecord => ({ ...path, wallMs: tenths(path.wallMs) })

/** The report of `run`, wall times rounded to 0.1 ms. */
export function toReport(run: EvalRun): TaskReport {
  return {
    tokenizer: TOKENIZER,
    node: process.version,
    packages: MEASURED.map((name) => `${name}@${versionOf(name)}`),
    promptTokens: run.promptTokens,
    tasks: run.tasks.map((task) => ({ ...task, direct: round(task.direct), code: round(task.code) })),
  }
}

/** Sums over tasks of one path. */
export interface Totals {
  turns: number
  inputTokens: number
  outputTokens: number
  wallMs: number
  correct: number
}

/** The sums of `path` over `tasks`. */
export function totals(tasks: readonly TaskRecord[], path: 'direct' | 'code'): Totals {
  const sum: Totals = { turns: 0, inputTokens: 0, outputTokens: 0, wallMs: 0, correct: 0 }
  for (const task of tasks) {
    const p = task[path]
    sum.turns += p.turns
    sum.inputTokens += p.inputTokens
    sum.outputTokens += p.outputTokens
    sum.wallMs += p.wallMs
    if (p.correct) sum.correct += 1
  }
  sum.wallMs = tenths(sum.wallMs)
  return sum
}

const saving = (winner: number, loser: number): string => `−${Math.round((1 - winner / loser) * 100)}%`

/** Which path read and wrote fewer tokens, and by how much: "Code Mode (−42%)", "direct (single call, −8%)". */
export function cheaper(
  direct: { inputTokens: number; outputTokens: number },
  code: { inputTokens: number; outputTokens: number },
  calls?: number,
): string {
  const d = direct.inputTokens + direct.outputTokens
  const c = code.inputTokens + code.outputTokens
  if (c === d) return 'even'
  if (c < d) return `Code Mode (${saving(c, d)})`
  return `direct (${calls === 1 ? 'single call, ' : ''}${saving(d, c)})`
}
