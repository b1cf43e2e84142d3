// The lines a call's writes leave in the embedded store's write-ahead file, and how a
// connection applies the lines a dead one never committed, with the statements of the writes
// themselves: applying a line whose row did commit changes nothing.
import type { Param, SqlExecutor } from './driver.ts'

/**
 * The line a call's write leaves: `started` with the parameters of its row (run id, seq, tool, args,
 * tool hash, line, column, two times, run id), `done` with its outcome's (result, error, time, run id, seq).
 */
export function aheadLine(kind: 'started' | 'done', params: readonly Param[]): string {
  return `{"k":"${kind === 'started' ? 's' : 'd'}","p":${JSON.stringify(params)}}\n`
}

/**
 * Applies lines a dead connection wrote ahead, in their order, each with the statement of its kind
 * (taking the parameters {@link aheadLine} lists); a line that does not parse is skipped.
 */
export async function applyLines(
  tx: SqlExecutor,
  lines: readonly string[],
  statements: { readonly started: string; readonly done: string },
): Promise<number> {
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
    if (entry.k === 's' && params.length === 10) applied += await tx.run(statements.started, params)
    else if (entry.k === 'd' && params.length === 5) applied += await tx.run(statements.done, params)
  }
  return applied
}
