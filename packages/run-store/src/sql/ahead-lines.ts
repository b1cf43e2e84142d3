// The lines a call's writes leave in the embedded store's write-ahead file, and how a
// connection applies the lines a dead one never committed: idempotently, so applying a line whose
// row did commit changes nothing.
import type { Param, SqlExecutor } from './driver.ts'

/**
 * The line a call's write leaves: `started` with the parameters of its row (run id, seq, tool, args,
 * tool hash, line, column, two times, run id), `done` with its outcome's (result, error, time, run id, seq).
 */
export function aheadLine(kind: 'started' | 'done', params: readonly Param[]): string {
  return `{"k":"${kind === 'started' ? 's' : 'd'}","p":${JSON.stringify(params)}}\n`
}

// why: the run must still exist (retention may have deleted it since), and a row that did commit
// (or was decided since) is left as it is.
const APPLY_STARTED = `INSERT INTO calls (run_id, seq, tool, args, tool_hash, line, col, state, created_at, started_at)
  SELECT ?, ?, ?, ?, ?, ?, ?, 'started', ?, ? WHERE EXISTS (SELECT 1 FROM runs WHERE id = ?)
  ON CONFLICT DO NOTHING`
const APPLY_DONE = `UPDATE calls SET state = 'done', result = ?, error = ?, done_at = ?
  WHERE run_id = ? AND seq = ? AND state = 'started'`

/** Applies lines a dead connection wrote ahead, in their order; a line that does not parse is skipped. */
export async function applyLines(tx: SqlExecutor, lines: readonly string[]): Promise<number> {
  let applied = 0
  for (const line of lines) {
    let entry: { k?: unknown; p?: unknown }
    try {
      entry = JSON.parse(line) as { k?: unknown; p?: unknown }
    } catch {
      continue
    }
    if (!Array.isArray(entry.p)) continue
    const params = entry.p as Param[]
    if (entry.k === 's' && params.length === 10) applied += await tx.run(APPLY_STARTED, params)
    else if (entry.k === 'd' && params.length === 5) applied += await tx.run(APPLY_DONE, params)
  }
  return applied
}
