// The facade's durable runs (rules ): every run is recorded in the store; a paused
// run is decided and resumed by replay here, in this process or any other on the same store.
import { randomUUID } from 'node:crypto'
import { isPlainObject } from '@isocode/code-runtime'
import type { RunJournal } from '@isocode/code-runtime'
import { RunStoreError } from '@isocode/run-store'
import type { CallEntry, DecisionInput, JsonValue, RunRecord, RunStore } from '@isocode/run-store'
import { RegistryError } from '../errors.ts'
import { checkDecisions } from './decisions.ts'
import { Recorder } from './recorder.ts'
import type { RecorderHost } from './recorder.ts'
import type { PendingCall, RunDecision, RunInfo, RunOutcome, RunsApi, ToolFacts } from './types.ts'

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** The state scope a run was started in, from the options kept with it. */
function keptScope(options: JsonValue | undefined): string | undefined {
  const scope = isPlainObject(options) ? options.scope : undefined
  return typeof scope === 'string' ? scope : undefined
}

/** Runs one program with a recorder attached (through the run slots and the registry). */
export type ExecuteDurable = (recorder: Recorder, runId: string) => Promise<RunOutcome>

const WAITING = new Set(['paused', 'needs-review'])
/** The journal entry's field that holds how many console lines the run printed so far. */
const LINES = 'lines'
const RENEW_MS = 10_000

function pendingOf(entry: CallEntry): PendingCall {
  const out: PendingCall = { seq: entry.seq, tool: entry.tool, args: entry.args }
  if (entry.position !== undefined) {
    out.line = entry.position.line
    out.column = entry.position.column
  }
  return out
}

/** Starts, finishes and resumes durable runs over one store. */
export class DurableRuns {
  private readonly holder = `isocode:${randomUUID()}`

  /**
   * `keys`: the idempotency key of each sub-call in flight, by callId; `resumed` runs a stored
   * program again, in the state scope it started in.
   */
  constructor(
    private readonly store: RunStore,
    private readonly tools: ToolFacts,
    private readonly keys: Map<string, string>,
    private readonly resumed: (code: string, scope: string | undefined) => ExecuteDurable,
    /** Whether a live approval service answers gated calls; absent: never. */
    private readonly liveApproval?: () => boolean,
  ) {}

  private host(runId: string): RecorderHost {
    const host: RecorderHost = { store: this.store, runId, holder: this.holder, tools: this.tools, keys: this.keys }
    return this.liveApproval === undefined ? host : { ...host, liveApproval: this.liveApproval }
  }

  /** Record a new run of `code` and run it; its state `scope` is kept for a resume. */
  async start(code: string, execute: ExecuteDurable, scope?: string): Promise<RunOutcome> {
    const runId = randomUUID()
    try {
      await this.store.createRun({
        id: runId,
        code,
        holder: this.holder,
        ...(scope === undefined ? {} : { options: { scope } }),
      })
    } catch (error) {
      throw new RegistryError(`run: the run store refused the run: ${errorMessage(error)}`, 'STORE')
    }
    return this.go(runId, execute, new Map(), {}, 0, undefined)
  }

  private async go(
    runId: string,
    execute: ExecuteDurable,
    calls: ReadonlyMap<number, CallEntry>,
    journal: Partial<RunJournal>,
    reportedLines: number,
    /** The status the run was claimed from (a resume), or undefined for a new run. */
    before: RunRecord['status'] | undefined,
  ): Promise<RunOutcome> {
    const recorder = new Recorder(this.host(runId), calls, journal, reportedLines)
    // why: R-113 — the claim's lease is renewed while the program runs, so no one takes it over.
    const renew = setInterval(() => void this.store.renew(runId, this.holder).catch(() => undefined), RENEW_MS)
    renew.unref()
    let result: RunOutcome
    try {
      result = await execute(recorder, runId)
    } catch (error) {
      await this.unclaim(runId, before, error)
      throw error
    } finally {
      clearInterval(renew)
      recorder.dispose()
    }
    return this.finish(runId, recorder, result)
  }

  /**
   * An execution that threw instead of ending the program (a refused run slot, no runtime) gives
   * the run back: a resumed run waits again, decided, for the next resume; a new run ends
   * failed. Never left `running` under a claim nobody renews.
   */
  private async unclaim(runId: string, before: RunRecord['status'] | undefined, error: unknown): Promise<void> {
    const expect = { status: ['running' as const], holder: this.holder }
    try {
      if (before === 'paused' || before === 'needs-review')
        await this.store.updateRun(runId, { expect, status: before })
      else if (before === undefined) {
        const failure = { kind: 'exception', message: errorMessage(error) }
        await this.store.updateRun(runId, {
          expect,
          status: 'failed',
          result: { ok: false, status: 'failed', error: failure },
        })
      } else await this.store.release(runId, this.holder)
    } catch {
      // why: a store that refuses this too leaves the claim to its lease, which nobody renews now.
    }
  }

  private async finish(runId: string, recorder: Recorder, result: RunOutcome): Promise<RunOutcome> {
    const stop = recorder.stop
    const expect = { status: ['running' as const], holder: this.holder }
    try {
      if (stop?.kind === 'paused' || stop?.kind === 'needs-review') {
        // why: R-116 — the lines printed so far travel with the journal, so a resume does not report them again.
        const entry = { ...recorder.recorded, [LINES]: result.logs.length }
        await this.store.appendJournal(runId, [entry as unknown as JsonValue])
        await this.store.updateRun(runId, { expect, status: stop.kind })
        const error = result.error ?? { kind: stop.kind, message: 'the run paused' }
        return { ...result, ok: false, status: 'paused', runId, error, pending: stop.pending }
      }
      const status = result.ok ? 'completed' : 'failed'
      const written = await this.store.updateRun(runId, { expect, status, result: stored(result) }).catch(async () =>
        // why: a result over the store's cap is still a finished run; its record keeps the outcome only.
        this.store.updateRun(runId, { expect, status, result: { ok: result.ok, status } }),
      )
      if (!written.ok && written.reason === 'holder')
        return failed(result, 'store', `the run ${runId} was taken over by another holder before it ended`)
      return result
    } catch (error) {
      return failed(result, 'store', `the run store refused the outcome of run ${runId}: ${errorMessage(error)}`)
    }
  }

  private async read(runId: unknown, what: string): Promise<RunRecord> {
    if (typeof runId !== 'string' || runId === '')
      throw new RegistryError(`runs.${what}: runId must be a non-empty string (a result's runId)`, 'RUN_NOT_FOUND')
    const run = await this.store.getRun(runId)
    if (run === undefined)
      throw new RegistryError(`runs.${what}: no run ${JSON.stringify(runId)} in ${this.store.url}`, 'RUN_NOT_FOUND')
    return run
  }

  private notPaused(run: RunRecord, what: string): RegistryError {
    return new RegistryError(
      `runs.${what}: run ${run.id} is ${run.status}, not paused; only a paused run can be decided or resumed`,
      'RUN_NOT_PAUSED',
    )
  }

  /** refuse a resume before anything runs when a called tool changed or is gone. */
  private async checkTools(runId: string, what: string): Promise<void> {
    const hashes = await this.store.toolHashes(runId)
    for (const [tool, hash] of Object.entries(hashes)) {
      const meta = this.tools.get(tool)
      if (meta === undefined)
        throw new RegistryError(
          `runs.${what}: run ${runId} called tools.${tool}, which is gone; it cannot be resumed`,
          'TOOL_CHANGED',
        )
      if (meta.hash !== hash)
        throw new RegistryError(
          `runs.${what}: the schema of tools.${tool} changed since run ${runId} called it; it cannot be resumed (cancel it or run the program again)`,
          'TOOL_CHANGED',
        )
    }
  }

  async decide(runId: unknown, decisions: readonly RunDecision[] | undefined, what: string): Promise<RunOutcome> {
    const run = await this.read(runId, what)
    if (!WAITING.has(run.status)) throw this.notPaused(run, what)
    const pending = await this.store.pending(run.id)
    const list = await checkDecisions(what, decisions, pending, this.tools)
    await this.checkTools(run.id, what)
    let written
    try {
      written = await this.store.decide(run.id, list as DecisionInput[], {
        actor: this.holder,
        expectVersion: run.version,
      })
    } catch (error) {
      if (error instanceof RunStoreError && error.code === 'INVALID_DECISIONS')
        throw new RegistryError(`runs.${what}: ${error.message}`, 'INVALID_DECISIONS')
      throw new RegistryError(`runs.${what}: the run store refused the decisions: ${errorMessage(error)}`, 'STORE')
    }
    if (!written.ok) {
      const now = written.run ?? (await this.store.getRun(run.id)) ?? run
      throw written.reason === 'not-found'
        ? new RegistryError(`runs.${what}: no run ${run.id}`, 'RUN_NOT_FOUND')
        : new RegistryError(
            `runs.${what}: run ${run.id} is no longer waiting for these decisions (${written.reason === 'version' || written.reason === 'decided' ? 'decided or resumed elsewhere' : now.status}); nothing was changed`,
            'RUN_NOT_PAUSED',
          )
    }
    return this.resume(run.id, what)
  }

  async resume(runId: unknown, what = 'resume'): Promise<RunOutcome> {
    const run = await this.read(runId, what)
    await this.checkTools(run.id, what)
    const claimed = await this.store.claim(run.id, this.holder)
    if (!claimed.ok) {
      if (claimed.reason === 'undecided') {
        const waiting = (await this.store.pending(run.id)).map((p) => p.seq)
        throw new RegistryError(
          `runs.${what}: run ${run.id} still waits for decisions on call${waiting.length === 1 ? '' : 's'} ${waiting.join(', ')}; approve or reject them first`,
          'INVALID_DECISIONS',
        )
      }
      throw this.notPaused(claimed.run ?? run, what)
    }
    const calls = new Map((await this.store.listCalls(run.id)).map((c) => [c.seq, c]))
    const journals = await this.store.readJournal(run.id)
    const { [LINES]: lines, ...journal } = (journals.at(-1) ?? {}) as Partial<RunJournal> & { [LINES]?: number }
    await this.store.appendAudit(run.id, { actor: this.holder, action: 'resume' })
    const lineCount = typeof lines === 'number' ? lines : 0
    return this.go(run.id, this.resumed(run.code, keptScope(run.options)), calls, journal, lineCount, run.status)
  }

  private async info(run: RunRecord): Promise<RunInfo> {
    const info: RunInfo = {
      runId: run.id,
      status: run.status,
      code: run.code,
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
      pending: WAITING.has(run.status) ? (await this.store.pending(run.id)).map(pendingOf) : [],
    }
    if (run.result !== undefined) info.result = run.result
    return info
  }

  /** The `cm.runs` object. */
  api(): RunsApi {
    return {
      approve: (runId, decisions) => this.decide(runId, decisions, 'approve'),
      reject: async (runId, options) => {
        const run = await this.read(runId, 'reject')
        if (!WAITING.has(run.status)) throw this.notPaused(run, 'reject')
        const reason = options?.reason
        if (reason !== undefined && typeof reason !== 'string')
          throw new RegistryError('runs.reject: options.reason must be a string when given', 'INVALID_DECISIONS')
        const pending = await this.store.pending(run.id)
        const decisions = pending.map((p) => ({
          seq: p.seq,
          approve: false,
          ...(reason === undefined ? {} : { reason }),
        }))
        return this.decide(run.id, decisions, 'reject')
      },
      resume: (runId) => this.resume(runId),
      get: async (runId) => {
        const run = typeof runId === 'string' ? await this.store.getRun(runId) : undefined
        return run === undefined ? undefined : this.info(run)
      },
      list: async (filter) => {
        const runs = await this.store.listRuns(filter)
        return Promise.all(runs.map((run) => this.info(run)))
      },
      pending: async () => (await this.store.pending()).map((entry) => ({ runId: entry.runId, ...pendingOf(entry) })),
      cancel: async (runId) => {
        const run = await this.read(runId, 'cancel')
        const written = await this.store.updateRun(run.id, {
          expect: { status: ['paused', 'needs-review'] },
          status: 'cancelled',
        })
        if (!written.ok) throw this.notPaused(written.run ?? run, 'cancel')
        await this.store.appendAudit(run.id, { actor: this.holder, action: 'cancel' })
      },
      rollback: async (runId) => {
        const run = await this.read(runId, 'rollback')
        if (run.status === 'running' || run.status === 'rolled-back')
          throw new RegistryError(
            `runs.rollback: run ${run.id} is ${run.status}; only an ended or waiting run can be rolled back`,
            'RUN_NOT_PAUSED',
          )
        const applied = (await this.store.listCalls(run.id))
          .filter((c) => c.state === 'done' && c.error === undefined)
          .toReversed()
        const failures: Array<{ seq: number; tool: string; message: string }> = []
        let reverted = 0
        for (const call of applied) {
          const revert = this.tools.get(call.tool)?.revert
          if (revert === undefined) continue
          const recorded = call.result as { structuredContent?: JsonValue } | undefined
          try {
            // why: one failing revert does not stop the others.
            await revert(call.decision?.args ?? call.args, recorded?.structuredContent ?? null)
            reverted++
          } catch (error) {
            failures.push({ seq: call.seq, tool: call.tool, message: errorMessage(error) })
          }
        }
        const written = await this.store.updateRun(run.id, { expect: { version: run.version }, status: 'rolled-back' })
        if (!written.ok) throw this.notPaused(written.run ?? run, 'rollback')
        await this.store.appendAudit(run.id, { actor: this.holder, action: 'rollback', detail: { reverted, failures } })
        return { reverted, failures }
      },
    }
  }
}

function stored(result: RunOutcome): JsonValue {
  return JSON.parse(JSON.stringify(result)) as JsonValue
}

function failed(result: RunOutcome, kind: string, text: string): RunOutcome {
  return { ...result, ok: false, status: 'failed', pending: undefined, error: { kind, message: text }, text }
}
