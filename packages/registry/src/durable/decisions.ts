import type { CallEntry, JsonValue } from '@isocode/run-store'
import { RegistryError } from '../errors.ts'
import type { RunDecision, ToolFacts } from './types.ts'

const KEYS = new Set(['seq', 'approve', 'args', 'reason'])

function invalid(what: string, text: string): never {
  throw new RegistryError(`runs.${what}: ${text}`, 'INVALID_DECISIONS')
}

/**
 * `decisions` checked against the run's pending calls before anything is recorded (rule R-111):
 * each pending call decided exactly once, edited `args` valid for the tool's input schema.
 * Omitted: approve every pending call.
 */
export async function checkDecisions(
  what: string,
  decisions: readonly RunDecision[] | undefined,
  pending: readonly CallEntry[],
  tools: ToolFacts,
): Promise<RunDecision[]> {
  if (decisions === undefined) return pending.map((p) => ({ seq: p.seq, approve: true }))
  if (!Array.isArray(decisions))
    invalid(
      what,
      'decisions must be an array [{ seq, approve, args?, reason? }] (or omitted to approve every pending call)',
    )
  const bySeq = new Map(pending.map((p) => [p.seq, p]))
  const seen = new Set<number>()
  const out: RunDecision[] = []
  for (const [i, raw] of (decisions as unknown[]).entries()) {
    const at = `decisions[${i}]`
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      invalid(what, `${at} must be an object { seq, approve, args?, reason? }`)
    const d = raw as Record<string, unknown>
    for (const key of Object.keys(d))
      if (!KEYS.has(key)) invalid(what, `${at}.${key}: unknown field (known: seq, approve, args, reason)`)
    if (typeof d.seq !== 'number' || !Number.isSafeInteger(d.seq))
      invalid(what, `${at}.seq must be the call number of a pending call`)
    if (typeof d.approve !== 'boolean') invalid(what, `${at}.approve must be true or false`)
    if (d.reason !== undefined && typeof d.reason !== 'string')
      invalid(what, `${at}.reason must be a string when given`)
    const call = bySeq.get(d.seq)
    if (call === undefined)
      invalid(
        what,
        `${at}.seq: ${d.seq} is not a pending call of this run (pending: ${[...bySeq.keys()].join(', ') || 'none'})`,
      )
    if (seen.has(d.seq)) invalid(what, `${at}.seq: call ${d.seq} is decided twice`)
    seen.add(d.seq)
    const decision: RunDecision = { seq: d.seq, approve: d.approve }
    if (d.reason !== undefined) decision.reason = d.reason as string
    if (d.args !== undefined) {
      if (!d.approve) invalid(what, `${at}.args: only an approved call can have edited args`)
      const meta = tools.get(call.tool)
      const violations = meta === undefined ? [] : await meta.check(d.args)
      if (violations.length > 0) invalid(what, `${at}.args do not fit tools.${call.tool}: ${violations.join('; ')}`)
      decision.args = d.args as JsonValue
    }
    out.push(decision)
  }
  const missing = [...bySeq.keys()].filter((seq) => !seen.has(seq))
  if (missing.length > 0)
    invalid(
      what,
      `every pending call must be decided; call${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} no decision`,
    )
  return out
}
