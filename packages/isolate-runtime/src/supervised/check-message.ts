// The parent's check of every message a runtime child sends. The child is ours and a program
// cannot forge IPC today, but the parent is the last line: a message of the wrong shape means
// the child is broken or compromised, and the parent treats it as that child's crash.
import type { CodeRunFailureKind, CodeRunResult, JsonValue } from '@isocode/code-runtime'
import { checkCallSite, checkJournalChunk } from '../engine/run-journal.ts'
import type { Call, ToParent } from './wire/child-protocol.ts'

/** A checked child message, or why it was refused (for the crash message). */
export type Checked = { ok: true; message: ToParent } | { ok: false; reason: string }

const FAILURE_KINDS = new Set<CodeRunFailureKind>([
  'exception',
  'timeout',
  'abort',
  'memory',
  'crash',
  'invalid-output',
  'output-limit',
])
const USAGE_FIELDS = ['cpuMs', 'wallMs', 'bindingCalls', 'bindingMs', 'outputBytes'] as const

type Record_ = Record<string, unknown>

const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0
const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')
const isCallNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => Number.isSafeInteger(item) && (item as number) >= 1)
const onlyKeys = (value: Record_, allowed: readonly string[]): boolean =>
  Object.keys(value).every((key) => allowed.includes(key))

function refuse(reason: string): Checked {
  return { ok: false, reason }
}

function checkCall(entry: unknown): Call | undefined {
  if (!isRecord(entry) || !onlyKeys(entry, ['call', 'run', 'ns', 'member', 'args', 'site'])) return undefined
  const { call, run, ns, member } = entry
  if (!isId(call) || !isId(run) || !isId(ns) || typeof member !== 'string') return undefined
  // why: the channel is JSON, so args is JSON whenever present.
  const checked: Call =
    entry.args === undefined ? { call, run, ns, member } : { call, run, ns, member, args: entry.args as JsonValue }
  if (entry.site === undefined) return checked
  const site = checkSite(entry.site)
  return site === undefined ? undefined : { ...checked, site }
}

function checkSite(value: unknown): Call['site'] {
  return isRecord(value) && onlyKeys(value, ['call', 'line', 'column']) ? checkCallSite(value) : undefined
}

function checkUsage(value: unknown): boolean {
  if (!isRecord(value) || !onlyKeys(value, USAGE_FIELDS)) return false
  return USAGE_FIELDS.every((field) => {
    const n = value[field]
    return typeof n === 'number' && Number.isFinite(n) && n >= 0
  })
}

function checkResult(value: unknown): string | undefined {
  if (!isRecord(value)) return 'result is not an object'
  if (!onlyKeys(value, ['value', 'logs', 'error', 'usage'])) return 'result has unknown fields'
  if (!isStrings(value.logs)) return 'result.logs is not an array of strings'
  if (value.error !== undefined) {
    const error = value.error
    if (!isRecord(error) || !onlyKeys(error, ['kind', 'message'])) return 'result.error is not { kind, message }'
    if (!FAILURE_KINDS.has(error.kind as CodeRunFailureKind) || typeof error.message !== 'string')
      return 'result.error has an unknown kind or no message'
    if (value.value !== undefined) return 'a failed result carries a value'
  }
  if (value.usage !== undefined && !checkUsage(value.usage)) return 'result.usage is not a usage record'
  return undefined
}

/**
 * Check one child → parent message field by field (no unknown fields, ids are safe integers,
 * results are `CodeRunResult`s); never throws.
 */
export function checkChildMessage(value: unknown): Checked {
  if (!isRecord(value) || typeof value.t !== 'string') return refuse('not a protocol message')
  switch (value.t) {
    case 'ready':
      return onlyKeys(value, ['t']) ? { ok: true, message: { t: 'ready' } } : refuse('ready has unknown fields')
    case 'started':
      if (!onlyKeys(value, ['t', 'run']) || !isId(value.run)) return refuse('started is not { run }')
      return { ok: true, message: { t: 'started', run: value.run } }
    case 'logs':
      if (!onlyKeys(value, ['t', 'run', 'lines']) || !isId(value.run) || !isStrings(value.lines))
        return refuse('logs is not { run, lines: string[] }')
      return { ok: true, message: { t: 'logs', run: value.run, lines: value.lines } }
    case 'idle':
      if (!onlyKeys(value, ['t', 'run']) || !isId(value.run)) return refuse('idle is not { run }')
      return { ok: true, message: { t: 'idle', run: value.run } }
    case 'served': {
      if (!onlyKeys(value, ['t', 'run', 'calls']) || !isId(value.run) || !isCallNumbers(value.calls))
        return refuse('served is not { run, calls: number[] }')
      return { ok: true, message: { t: 'served', run: value.run, calls: value.calls } }
    }
    case 'journal': {
      if (!onlyKeys(value, ['t', 'run', 'chunk']) || !isId(value.run)) return refuse('journal is not { run, chunk }')
      const chunk = checkJournalChunk(value.chunk)
      if (chunk === undefined) return refuse('journal.chunk is not { clock, random, timers } of numbers')
      return { ok: true, message: { t: 'journal', run: value.run, chunk } }
    }
    case 'calls': {
      if (!onlyKeys(value, ['t', 'calls', 'idle']) || !Array.isArray(value.calls))
        return refuse('calls is not { calls: [...], idle? }')
      if (value.idle !== undefined && !isId(value.idle)) return refuse('calls.idle is not a run id')
      const calls: Call[] = []
      for (const entry of value.calls as unknown[]) {
        const checked = checkCall(entry)
        if (checked === undefined) return refuse('a call is not { call, run, ns, member, args? }')
        calls.push(checked)
      }
      return {
        ok: true,
        message: value.idle === undefined ? { t: 'calls', calls } : { t: 'calls', calls, idle: value.idle },
      }
    }
    case 'result': {
      if (!onlyKeys(value, ['t', 'run', 'result', 'retire']) || !isId(value.run))
        return refuse('result is not { run, result, retire? }')
      if (value.retire !== undefined && value.retire !== true) return refuse('result.retire is not true')
      const why = checkResult(value.result)
      if (why !== undefined) return refuse(why)
      return {
        ok: true,
        message: {
          t: 'result',
          run: value.run,
          result: value.result as CodeRunResult,
          ...(value.retire === true ? { retire: true } : {}),
        },
      }
    }
    default:
      return refuse(`unknown message type ${JSON.stringify(value.t.slice(0, 40))}`)
  }
}
