import { isPlainObject, outputBytesOf } from '@isocode/code-runtime'
import type { CodeRunResult } from '@isocode/code-runtime'
import type { SessionEvent } from '@isocode/harness'
import type { ResolvedIsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { contentToText } from '@isocode/registry'
import type { ToolExecutionResult } from '@isocode/registry'
import type { Isolation } from './args.ts'
import type { RunRecord } from 'isocode/internal'

/** One sub-call of a run, from its `tool/code-dispatch` event plus its measured duration. */
export interface TimelineEntry {
  name: string
  ms: number | undefined
  ok: boolean
  /** The error code and first line of the failure text, for failed calls. */
  error?: string
}

/** The timeline entry of one `tool/code-dispatch` event whose call took `ms`. */
export function timelineEntry(event: SessionEvent, ms: number | undefined): TimelineEntry {
  const entry: TimelineEntry = { name: String(event.name), ms, ok: event.isError !== true }
  if (!entry.ok) {
    const code = isPlainObject(event.error) ? String(event.error.code) : 'ERROR'
    entry.error = `${code}: ${headline(String(event.content))}`
  }
  return entry
}

const HEADLINE_CHARS = 160

/**
 * The failure text on one line: its first line, and when that line only introduces a list
 * (`invalid arguments for read_file:`) the list's items after it, `; `-separated, cut at 160 characters.
 */
function headline(text: string): string {
  const [first = '', ...rest] = text.split('\n')
  let line = first.trimEnd()
  if (line.endsWith(':')) {
    const items = rest.map((item) => item.trim().replace(/^- /, '')).filter((item) => item !== '')
    if (items.length > 0) line = `${line} ${items.join('; ')}`
  }
  return line.length > HEADLINE_CHARS ? `${line.slice(0, HEADLINE_CHARS - 1)}…` : line
}

// why: a run that hits the tool-call limit makes ~1,000 alike calls; from this many in a row they
// are one row, so the table stays readable (three reads of three files stay three rows).
const COLLAPSE_FROM = 4

/** The rows of the calls table: consecutive calls of one tool with one outcome collapse into `first-last … × N`. */
function callRows(calls: readonly TimelineEntry[]): string[] {
  const groups: Array<{ first: number; entries: TimelineEntry[] }> = []
  calls.forEach((call, i) => {
    const last = groups.at(-1)
    const head = last?.entries[0]
    if (
      last !== undefined &&
      head !== undefined &&
      head.name === call.name &&
      head.ok === call.ok &&
      head.error === call.error
    )
      last.entries.push(call)
    else groups.push({ first: i + 1, entries: [call] })
  })
  const rows = groups.flatMap(({ first, entries }) =>
    entries.length < COLLAPSE_FROM
      ? entries.map((entry, i) => ({ first: first + i, entries: [entry] }))
      : [{ first, entries }],
  )
  const label = ({ first, entries }: (typeof rows)[number]): string =>
    entries.length === 1 ? String(first) : `${first}-${first + entries.length - 1}`
  const labelWidth = Math.max(3, ...rows.map((row) => label(row).length))
  const width = Math.max(4, ...calls.map((call) => call.name.length))
  return rows.map((row) => {
    const [head] = row.entries as [TimelineEntry]
    const status = head.ok ? 'ok' : `error ${head.error ?? ''}`
    if (row.entries.length === 1) {
      const ms = head.ms === undefined ? '   ? ms' : `${head.ms.toFixed(0).padStart(4)} ms`
      return `${label(row).padStart(labelWidth)}  ${head.name.padEnd(width)}  ${ms}  ${status}`
    }
    const times = row.entries.flatMap((entry) => (entry.ms === undefined ? [] : [entry.ms]))
    const low = Math.min(...times).toFixed(0)
    const high = Math.max(...times).toFixed(0)
    const ms = times.length === 0 ? '? ms' : low === high ? `${low} ms` : `${low}-${high} ms`
    return `${label(row).padStart(labelWidth)}  ${head.name.padEnd(width)}  ${ms.padStart(7)}  ${status}  × ${row.entries.length}`
  })
}

/** The sub-call timeline of the run whose outer callId is `callId`. */
export function timeline(
  events: readonly SessionEvent[],
  durations: ReadonlyMap<string, number>,
  callId: string,
): TimelineEntry[] {
  return events
    .filter((event) => event.type === 'tool/code-dispatch' && event.parentCallId === callId)
    .map((event) => timelineEntry(event, durations.get(String(event.callId))))
}

const WHERE: Record<Isolation, string> = {
  isolate: 'isolate (in this process)',
  process: 'process (an isolate in a supervised child process)',
}

// why: sub-millisecond CPU is common for short programs; whole ms would print a misleading 0.
const millis = (value: number): string => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`
const percent = (used: number, limit: number): string =>
  `${((100 * used) / limit).toFixed(used / limit < 0.01 ? 2 : 0)}%`
const kb = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`)
const heading = (title: string): string => `── ${title} ${'─'.repeat(Math.max(3, 60 - title.length))}`

function renderValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}

/** What `isocode run` prints: logs, returned value, sub-call timeline, budget used (and where it ran), outcome. */
export function renderReport(input: {
  result: ToolExecutionResult
  run: RunRecord | undefined
  calls: readonly TimelineEntry[]
  budgets: ResolvedIsolateRuntimeConfig
  isolation: Isolation
  /** Turns the runtime's failure message into what the model reads (code frame, hints); default: as is. */
  explain?: ((message: string) => string) | undefined
  /** The run's `tool/code-run` outcome: a budget the registry enforces (`tool-call-limit`) is not the runtime's kind. */
  outcome?: string | undefined
}): string {
  const { result, run, calls, budgets, isolation } = input
  const out: string[] = []
  if (run === undefined) {
    // why: run_code failed before the program ran (bad arguments, no runtime): its text says why.
    out.push(heading('run_code'), textOf(result))
  } else {
    const { logs, value, error } = run.result
    out.push(heading(`logs (${logs.length})`), ...(logs.length > 0 ? logs : ['(none)']))
    if (error === undefined) out.push(heading('returned'), value === undefined ? '(nothing)' : renderValue(value))
  }
  out.push(heading(`tool calls (${calls.length})`))
  if (calls.length === 0) out.push('(none)')
  out.push(...callRows(calls))
  if (run !== undefined) {
    // why: a backend written against an older seam may omit usage; fall back to what the CLI measured.
    const usage = (run.result as Partial<CodeRunResult>).usage
    const outputBytes = usage?.outputBytes ?? outputBytesOf(run.result)
    const cpu =
      usage === undefined
        ? `limit ${budgets.cpuMs} ms (not reported)`
        : `${millis(usage.cpuMs)} of ${budgets.cpuMs} ms (${percent(usage.cpuMs, budgets.cpuMs)})`
    out.push(
      heading('budget'),
      `wall    ${run.ms.toFixed(0)} ms of ${budgets.wallMs} ms`,
      `cpu     ${cpu}`,
      ...(usage === undefined
        ? []
        : [
            `tools   ${usage.bindingCalls} call${usage.bindingCalls === 1 ? '' : 's'}, ${millis(usage.bindingMs)} in the host`,
          ]),
      `output  ${kb(outputBytes)} of ${kb(budgets.outputBytes)}`,
      `memory  limit ${budgets.memoryMb} MB`,
      `runtime ${WHERE[isolation]}`,
    )
  }
  const failure = run?.result.error
  const { outcome } = input
  if (result.isError && outcome !== undefined && outcome !== 'ok' && outcome !== failure?.kind) {
    // why: the registry ended the run for a budget of its own; its text (logs already printed above) says which.
    out.push(heading(`failed (${outcome})`), textOf(result).split('\n\nlogs before the failure:\n')[0] ?? '')
    return `${out.join('\n')}\n`
  }
  out.push(heading(result.isError ? (failure === undefined ? 'failed' : `failed (${failure.kind})`) : 'ok'))
  if (failure !== undefined) out.push(input.explain === undefined ? failure.message : input.explain(failure.message))
  return `${out.join('\n')}\n`
}

const textOf = (result: ToolExecutionResult): string => contentToText(result.content)
