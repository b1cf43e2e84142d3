// The prompt-cost numbers that go into bench/results/latest.json: tokens per cell as metrics, and
// Isocode's forms against each peer as ratios (< 1: Isocode's model reads fewer tokens).
import { type PromptCostReport, tokensOf } from './measure.ts'

const ISOCODE = ['isocode_full', 'isocode_compact', 'isocode_serve']
const PEERS = ['direct', 'cloudflare', 'utcp']

/** `prompt_tokens_<form>_<set>` for every priced cell. */
export function promptMetrics(report: PromptCostReport): Record<string, number> {
  const out: Record<string, number> = {}
  for (const row of report.rows) {
    for (const set of report.sets) {
      const tokens = tokensOf(report, row.id, set.id)
      if (tokens !== undefined) out[`prompt_tokens_${row.id}_${set.id}`] = tokens
    }
  }
  return out
}

/**
 * `prompt_<isocode form>_vs_<peer>_<set>` (e.g. `prompt_isocode_compact_vs_direct_500`) where both
 * cells are priced; the empty set is left out (direct calling sends `[]` there).
 */
export function promptRatios(report: PromptCostReport): Record<string, number> {
  const out: Record<string, number> = {}
  for (const set of report.sets.filter((s) => s.tools > 0)) {
    for (const form of ISOCODE) {
      for (const peer of PEERS) {
        const mine = tokensOf(report, form, set.id)
        const theirs = tokensOf(report, peer, set.id)
        if (mine !== undefined && theirs !== undefined)
          out[`prompt_${form}_vs_${peer}_${set.id}`] = Number((mine / theirs).toFixed(3))
      }
    }
  }
  return out
}
