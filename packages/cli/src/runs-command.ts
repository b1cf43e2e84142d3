// `isocode runs`: the recorded runs of a store, listed, shown, decided, resumed, cancelled and
// rolled back from any process (rule R-142).
import { IsocodeError, openRuns } from 'isocode/internal'
import type { CodeModeResult, RunInfo } from 'isocode/internal'
import type { Parsed } from './args.ts'
import { withApp } from './commands.ts'
import { asInputError, CliError } from './errors.ts'
import type { Io } from './io.ts'
import { pendingLine, sameToolsFlags } from './pause.ts'
import { driveRun } from './run-program.ts'

type RunsOptions = Extract<Parsed, { command: 'runs' }>

const STATUSES = ['running', 'paused', 'needs-review', 'completed', 'failed', 'cancelled', 'rolled-back', 'expired']

function infoLines(run: RunInfo): string {
  const lines = [
    `run ${run.runId}: ${run.status} (created ${new Date(run.createdAt).toISOString()}, updated ${new Date(run.updatedAt).toISOString()})`,
    ...run.pending.map((call) => `  pending ${pendingLine(call)}`),
    '── program',
    run.code.trimEnd(),
  ]
  return `${lines.join('\n')}\n`
}

// why: the run store's refusals (unknown run, not paused, changed tool) are the user's to fix: one line, exit 1.
const told = <T>(work: () => Promise<T>): Promise<T> => asInputError(work, [IsocodeError])

/** The store-only actions: no runtime and no tools are started. */
async function storeAction(io: Io, options: RunsOptions): Promise<number> {
  const { runs, close } = await told(() =>
    openRuns({ store: options.store, say: { runtime: '', mcp: '', store: '--store' } }),
  )
  try {
    const runId = options.runId as string
    switch (options.action) {
      case 'list': {
        if (options.status !== undefined && !STATUSES.includes(options.status))
          throw new CliError(`--status must be one of ${STATUSES.join(', ')}; got "${options.status}"`, 'USAGE')
        const filter = {
          ...(options.status === undefined ? {} : { status: options.status as RunInfo['status'] }),
          ...(options.limit === undefined ? {} : { limit: options.limit }),
        }
        const list = await told(() => runs.list(filter))
        if (options.json) io.out(`${JSON.stringify(list)}\n`)
        else
          io.out(
            list.length === 0
              ? 'no runs\n'
              : list
                  .map(
                    (run) =>
                      `${run.runId}  ${run.status.padEnd(12)} ${new Date(run.updatedAt).toISOString()}  ${run.pending.length} pending\n`,
                  )
                  .join(''),
          )
        return 0
      }
      case 'show': {
        const run = await told(() => runs.get(runId))
        if (run === undefined) throw new CliError(`no run ${JSON.stringify(runId)} in ${options.store}`, 'INPUT')
        io.out(options.json ? `${JSON.stringify(run)}\n` : infoLines(run))
        return 0
      }
      case 'cancel':
        await told(() => runs.cancel(runId))
        io.out(options.json ? `${JSON.stringify({ runId, status: 'cancelled' })}\n` : `run ${runId} cancelled\n`)
        return 0
      default: {
        const rolled = await told(() => runs.rollback(runId))
        io.out(
          options.json
            ? `${JSON.stringify({ runId, status: 'rolled-back', ...rolled })}\n`
            : `run ${runId} rolled back: ${rolled.reverted} call(s) reverted${rolled.failures.map((f) => `\n  call ${f.seq} tools.${f.tool}: ${f.message}`).join('')}\n`,
        )
        return rolled.failures.length === 0 ? 0 : 1
      }
    }
  } finally {
    await close()
  }
}

/** `isocode runs <action>`: resolves to the exit code (3 when a resumed run paused again). */
export async function runsCommand(io: Io, options: RunsOptions): Promise<number> {
  if (options.action !== 'approve' && options.action !== 'reject' && options.action !== 'resume')
    return storeAction(io, options)
  const runId = options.runId as string
  return withApp({ ...options, mode: 'code', log: (line) => io.err(`${line}\n`) }, async (app) => {
    // why: the report quotes the program, so it is read before the run resumes.
    const inspect = app.app.durable(() => () => Promise.reject(new Error('not resumable here'))).api()
    const run = await told(() => inspect.get(runId))
    if (run === undefined) throw new CliError(`no run ${JSON.stringify(runId)} in ${options.store}`, 'INPUT')
    const first = (runs: ReturnType<typeof app.app.durable>): Promise<CodeModeResult> => {
      if (options.action === 'resume') return runs.resume(runId)
      if (options.action === 'approve') return runs.decide(runId, undefined, 'approve')
      return runs.api().reject(runId, options.reason === undefined ? {} : { reason: options.reason })
    }
    return told(() =>
      driveRun(io, app, {
        code: run.code,
        description: `isocode runs ${options.action} ${runId}`,
        json: options.json,
        flags: sameToolsFlags(options),
        first,
      }),
    )
  })
}
