// A paused run as the CLI shows it (rule R-142): on a terminal, one approve/deny question per
// pending call; otherwise the run id and the exact commands that decide it.
import type { PendingCall, RunDecision } from 'isocode/internal'
import type { ProgramOptions, ToolSourceOptions } from './args.ts'
import { counted } from './counted.ts'

/** The exit code of a run that paused at a gated call and was not decided here. */
export const PAUSED = 3

/** A word safe to paste into a POSIX shell: bare when it can be, else single-quoted. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`
}

/** The flags that rebuild the same tools, gates and store (a resume needs the tools the run called). */
export function sameToolsFlags(options: ToolSourceOptions & ProgramOptions & { isolation?: string }): string[] {
  const flags: string[] = []
  if (options.store !== undefined) flags.push('--store', options.store)
  for (const server of options.mcp) flags.push('--mcp', server)
  for (const server of options.concurrent ?? []) flags.push('--concurrent', server)
  if (options.tools !== undefined) flags.push('--tools', options.tools)
  if (options.workspace) flags.push('--workspace')
  if (options.root !== process.cwd()) flags.push('--root', options.root)
  for (const glob of options.approve ?? []) flags.push('--approve', glob)
  if (options.isolation === 'isolate') flags.push('--isolation', 'isolate')
  return flags.map(quote)
}

/** One pending call on one line: its number, tool, arguments and place in the program. */
export function pendingLine(call: PendingCall): string {
  const at = call.line === undefined ? '' : ` at ${call.line}:${call.column ?? 0}`
  return `call ${call.seq}  tools.${call.tool}(${JSON.stringify(call.args)})${at}`
}

/** What `run` prints on stderr when a run paused and nobody here can decide it. */
export function pauseMessage(
  runId: string,
  pending: readonly PendingCall[],
  flags: readonly string[],
  durable: boolean,
): string {
  const lines = [
    `isocode: the run paused: ${counted(pending.length, 'call')} ${pending.length === 1 ? 'needs' : 'need'} approval`,
    ...pending.map((call) => `  ${pendingLine(call)}`),
    `run id: ${runId}`,
  ]
  if (!durable)
    lines.push(
      'the run is kept in memory only and ends with this process; give --store file:<path> (or postgres://…) to decide it later',
    )
  else
    lines.push(
      'decide it with one of:',
      `  isocode runs approve ${runId} ${flags.join(' ')}`,
      `  isocode runs reject ${runId} ${flags.join(' ')} [--reason "…"]`,
    )
  return `${lines.join('\n')}\n`
}

/** Ask approve/deny for each pending call; anything but y/yes denies. */
export async function askDecisions(
  ask: (question: string) => Promise<string>,
  pending: readonly PendingCall[],
): Promise<RunDecision[]> {
  const decisions: RunDecision[] = []
  for (const call of pending) {
    const answer = (await ask(`isocode: approve ${pendingLine(call)}? [y/N] `)).trim().toLowerCase()
    const approve = answer === 'y' || answer === 'yes'
    decisions.push(approve ? { seq: call.seq, approve } : { seq: call.seq, approve, reason: 'denied at the terminal' })
  }
  return decisions
}
