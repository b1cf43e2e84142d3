import { randomUUID } from 'node:crypto'
import {
  checkCall,
  checkDecisions,
  checkProgram,
  decisionDetail,
  checkStatuses,
  checkTransition,
  finishedStatuses,
  idempotencyKey,
  requireText,
  waitingStatuses,
} from '../checks.ts'
import { RunStoreError } from '../errors.ts'
import { capRecord, toJsonText } from '../json.ts'
import { resolveOptions, type ResolvedOptions, type RunStoreOptions } from '../options.ts'
import type {
  CallInput,
  CallOutcome,
  DecisionInput,
  NewRun,
  ProgramInput,
  RunStore,
  RunTransition,
  RunWrite,
} from '../run-store.ts'
import { StateLimits } from '../state-limits.ts'
import type { AuditEntry, CallEntry, JsonValue, ProgramRecord, RunRecord, RunStatus } from '../types.ts'

/** What memory stores share: handles over one `MemoryData` see the same runs (tests open two). */
export interface MemoryData {
  runs: Map<string, RunRecord>
  calls: Map<string, Map<number, CallEntry>>
  journal: Map<string, JsonValue[]>
  audit: Map<string, AuditEntry[]>
  state: Map<string, Map<string, { text: string; bytes: number }>>
  programs: Map<string, ProgramRecord>
}

export const newMemoryData = (): MemoryData => ({
  runs: new Map(),
  calls: new Map(),
  journal: new Map(),
  audit: new Map(),
  state: new Map(),
  programs: new Map(),
})

// why: records leave the store as copies, so a caller that mutates one changes nothing stored.
const copy = <T>(value: T): T => structuredClone(value)

/** A copy of checked JSON (every value the store keeps is), cheaper than structuredClone for it. */
const copyJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

// why: R-112 — the call log's entries are written and handed back on every call of a recorded
// run, so they are copied field by field: their JSON values through JSON, the rest as they are.
function copyCall(entry: CallEntry): CallEntry {
  const out: CallEntry = { ...entry, args: copyJson(entry.args) }
  if (entry.position !== undefined) out.position = { ...entry.position }
  if (entry.decision !== undefined) out.decision = copyJson(entry.decision)
  if (entry.result !== undefined) out.result = copyJson(entry.result)
  if (entry.error !== undefined) out.error = copyJson(entry.error)
  return out
}

/** The `memory:` store: everything in this process, gone when it ends. */
export class MemoryRunStore implements RunStore {
  readonly url = 'memory:'
  readonly #o: ResolvedOptions
  readonly #d: MemoryData
  readonly #limits: StateLimits
  #closed = false

  constructor(options: RunStoreOptions = {}, data: MemoryData = newMemoryData()) {
    this.#o = resolveOptions(options)
    this.#d = data
    this.#limits = new StateLimits(this.#o)
  }

  async createRun(run: NewRun): Promise<RunRecord> {
    this.#open()
    const id = run.id ?? randomUUID()
    requireText(id, 'run.id')
    requireText(run.holder, 'run.holder')
    if (typeof run.code !== 'string') throw new RunStoreError('INVALID_ARGUMENT', 'run.code must be a string')
    const options = (run.options ?? {}) as JsonValue
    capRecord(toJsonText(options, 'run.options'), this.#o.maxRecordBytes, 'run.options')
    if (this.#d.runs.has(id)) throw new RunStoreError('RUN_EXISTS', `run ${id} already exists`)
    const now = this.#o.clock()
    const record: RunRecord = {
      id,
      status: 'running',
      version: 1,
      code: run.code,
      options: copy(options),
      createdAt: now,
      updatedAt: now,
      claim: { holder: run.holder, expiresAt: now + (run.leaseMs ?? this.#o.leaseMs) },
    }
    this.#d.runs.set(id, record)
    return copy(record)
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    this.#open()
    const run = this.#d.runs.get(id)
    if (run === undefined) return undefined
    this.#expireIfDue(run, this.#o.clock())
    return copy(run)
  }

  async listRuns(filter: { status?: RunStatus | readonly RunStatus[]; limit?: number } = {}): Promise<RunRecord[]> {
    this.#open()
    this.#expireDue(this.#o.clock())
    const statuses = filter.status === undefined ? undefined : checkStatuses([filter.status].flat(), 'filter.status')
    const runs = [...this.#d.runs.values()]
      .filter((r) => statuses === undefined || statuses.includes(r.status))
      .toSorted(newestFirst)
    return runs.slice(0, filter.limit ?? runs.length).map(copy)
  }

  async updateRun(id: string, change: RunTransition): Promise<RunWrite> {
    this.#open()
    checkTransition(change)
    const run = this.#d.runs.get(id)
    if (run === undefined) return { ok: false, reason: 'not-found' }
    const now = this.#o.clock()
    this.#expireIfDue(run, now)
    const expect = change.expect ?? {}
    if (expect.status !== undefined && !expect.status.includes(run.status)) {
      return { ok: false, reason: 'status', run: copy(run) }
    }
    if (expect.version !== undefined && expect.version !== run.version) {
      return { ok: false, reason: 'version', run: copy(run) }
    }
    if (expect.holder !== undefined && (run.status !== 'running' || run.claim?.holder !== expect.holder)) {
      return { ok: false, reason: 'holder', run: copy(run) }
    }
    const resultText = change.result === undefined ? undefined : toJsonText(change.result, 'change.result')
    if (resultText !== undefined) capRecord(resultText, this.#o.maxRecordBytes, 'the run result')
    if (change.result !== undefined) run.result = copy(change.result)
    if (change.status !== undefined) {
      run.status = change.status
      delete run.claim
      if (waitingStatuses.includes(change.status)) run.expiresAt = now + this.#o.pausedTtlMs
      else delete run.expiresAt
    }
    run.version++
    run.updatedAt = now
    if (change.status !== undefined && finishedStatuses.includes(change.status)) this.#prune()
    return { ok: true, run: copy(run) }
  }

  async claim(id: string, holder: string, leaseMs = this.#o.leaseMs): Promise<RunWrite> {
    this.#open()
    requireText(holder, 'holder')
    const run = this.#d.runs.get(id)
    if (run === undefined) return { ok: false, reason: 'not-found' }
    const now = this.#o.clock()
    if (this.#expireIfDue(run, now)) return { ok: false, reason: 'expired', run: copy(run) }
    if (waitingStatuses.includes(run.status)) {
      if (this.#undecided(id).length > 0) return { ok: false, reason: 'undecided', run: copy(run) }
    } else if (run.status === 'running') {
      const claim = run.claim
      if (claim !== undefined && claim.holder !== holder && claim.expiresAt > now) {
        return { ok: false, reason: 'held', run: copy(run) }
      }
    } else {
      return { ok: false, reason: 'status', run: copy(run) }
    }
    run.status = 'running'
    run.claim = { holder, expiresAt: now + leaseMs }
    delete run.expiresAt
    run.version++
    run.updatedAt = now
    return { ok: true, run: copy(run) }
  }

  async renew(id: string, holder: string, leaseMs = this.#o.leaseMs): Promise<boolean> {
    this.#open()
    const run = this.#d.runs.get(id)
    if (run?.status !== 'running' || run.claim?.holder !== holder) return false
    run.claim = { holder, expiresAt: this.#o.clock() + leaseMs }
    return true
  }

  async release(id: string, holder: string): Promise<boolean> {
    this.#open()
    const run = this.#d.runs.get(id)
    if (run?.status !== 'running' || run.claim?.holder !== holder) return false
    delete run.claim
    run.version++
    return true
  }

  async recordPending(
    runId: string,
    call: CallInput & { gate: 'approval' | 'review' },
    holder?: string,
  ): Promise<CallEntry> {
    this.#open()
    checkCall(call)
    const calls = this.#callsOf(runId, holder)
    const text = toJsonText(call.args, 'call.args')
    capRecord(text, this.#o.maxRecordBytes, `the arguments of tool "${call.tool}"`)
    const args = JSON.parse(text) as JsonValue
    const existing = calls.get(call.seq)
    const now = this.#o.clock()
    if (existing !== undefined) {
      // why: a started call turns pending again: one that may have run before a crash (review), or
      // one a policy stopped before its tool ran (approval).
      if (existing.state !== 'started') {
        throw new RunStoreError('CALL_EXISTS', `run ${runId}: call ${call.seq} is already recorded (${existing.state})`)
      }
      existing.state = 'pending'
      existing.gate = call.gate
      // why: an approval given before the crash was for that attempt; running it again needs a new one.
      delete existing.decision
      return copyCall(existing)
    }
    const entry: CallEntry = { ...this.#newEntry(runId, call, args, now), state: 'pending', gate: call.gate }
    calls.set(call.seq, entry)
    return copyCall(entry)
  }

  async callStarted(runId: string, call: CallInput, holder?: string): Promise<CallEntry> {
    this.#open()
    checkCall(call)
    const calls = this.#callsOf(runId, holder)
    const text = toJsonText(call.args, 'call.args')
    capRecord(text, this.#o.maxRecordBytes, `the arguments of tool "${call.tool}"`)
    const now = this.#o.clock()
    const existing = calls.get(call.seq)
    if (existing !== undefined) {
      if (existing.state !== 'pending' || existing.decision?.approve !== true) {
        throw new RunStoreError(
          'CALL_EXISTS',
          `run ${runId}: call ${call.seq} is already recorded (${existing.state}${existing.state === 'pending' ? ', not approved' : ''})`,
        )
      }
      existing.state = 'started'
      existing.startedAt = now
      return copyCall(existing)
    }
    const args = JSON.parse(text) as JsonValue
    const entry: CallEntry = { ...this.#newEntry(runId, call, args, now), state: 'started', startedAt: now }
    calls.set(call.seq, entry)
    return copyCall(entry)
  }

  async callDone(runId: string, seq: number, outcome: CallOutcome): Promise<CallEntry> {
    this.#open()
    const entry = this.#callsOf(runId).get(seq)
    if (entry?.state !== 'started') {
      throw new RunStoreError(
        'CALL_NOT_STARTED',
        `run ${runId}: call ${seq} is not started (${entry?.state ?? 'absent'})`,
      )
    }
    // why: the checked JSON text is both the cap's measure and the stored copy's source.
    if ('error' in outcome) {
      const text = toJsonText(outcome.error, 'outcome.error')
      capRecord(text, this.#o.maxRecordBytes, `the error of tool "${entry.tool}"`)
      entry.error = JSON.parse(text) as JsonValue
    } else if (outcome.result !== undefined) {
      const text = toJsonText(outcome.result, 'outcome.result')
      capRecord(text, this.#o.maxRecordBytes, `the result of tool "${entry.tool}"`)
      entry.result = JSON.parse(text) as JsonValue
    }
    entry.state = 'done'
    entry.doneAt = this.#o.clock()
    return copyCall(entry)
  }

  async listCalls(runId: string): Promise<CallEntry[]> {
    this.#open()
    return [...(this.#d.calls.get(runId)?.values() ?? [])].toSorted((a, b) => a.seq - b.seq).map(copyCall)
  }

  async pending(runId?: string): Promise<CallEntry[]> {
    this.#open()
    this.#expireDue(this.#o.clock())
    const runs = [...this.#d.runs.values()]
      .filter((r) => (runId === undefined || r.id === runId) && waitingStatuses.includes(r.status))
      .toSorted((a, b) => -newestFirst(a, b))
    return runs.flatMap((r) => this.#undecided(r.id)).map(copyCall)
  }

  async decide(
    runId: string,
    decisions: readonly DecisionInput[],
    by: { actor: string; expectVersion?: number },
  ): Promise<RunWrite> {
    this.#open()
    requireText(by?.actor, 'by.actor')
    const run = this.#d.runs.get(runId)
    if (run === undefined) return { ok: false, reason: 'not-found' }
    const now = this.#o.clock()
    if (this.#expireIfDue(run, now)) return { ok: false, reason: 'expired', run: copy(run) }
    if (!waitingStatuses.includes(run.status)) return { ok: false, reason: 'status', run: copy(run) }
    if (by.expectVersion !== undefined && by.expectVersion !== run.version) {
      return { ok: false, reason: 'version', run: copy(run) }
    }
    const undecided = this.#undecided(runId)
    if (undecided.length === 0) return { ok: false, reason: 'decided', run: copy(run) }
    checkDecisions(
      runId,
      undecided.map((c) => c.seq),
      decisions,
    )
    for (const d of decisions) {
      if (d.args === undefined) continue
      const tool = undecided.find((c) => c.seq === d.seq)!.tool
      capRecord(
        toJsonText(d.args, `decisions[seq ${d.seq}].args`),
        this.#o.maxRecordBytes,
        `the edited arguments of tool "${tool}"`,
      )
    }
    const calls = this.#d.calls.get(runId)!
    for (const d of decisions) {
      const entry = calls.get(d.seq)!
      entry.decision = { approve: d.approve, actor: by.actor, at: now }
      if (d.args !== undefined) entry.decision.args = copy(d.args)
      if (d.reason !== undefined) entry.decision.reason = d.reason
      this.#audit(runId, now, by.actor, d.approve ? 'approve' : 'reject', decisionDetail(entry.tool, d))
    }
    run.version++
    run.updatedAt = now
    return { ok: true, run: copy(run) }
  }

  async toolHashes(runId: string): Promise<Record<string, string>> {
    this.#open()
    const hashes: Record<string, string> = {}
    for (const c of await this.listCalls(runId)) {
      if (c.toolHash !== undefined && !(c.tool in hashes)) hashes[c.tool] = c.toolHash
    }
    return hashes
  }

  async appendJournal(runId: string, entries: readonly JsonValue[]): Promise<number> {
    this.#open()
    this.#callsOf(runId)
    for (const [i, e] of entries.entries()) {
      capRecord(toJsonText(e, `entries[${i}]`), this.#o.maxRecordBytes, `journal entry ${i}`)
    }
    const journal = this.#d.journal.get(runId) ?? []
    journal.push(...entries.map(copy))
    this.#d.journal.set(runId, journal)
    return journal.length
  }

  async readJournal(runId: string): Promise<JsonValue[]> {
    this.#open()
    return copy(this.#d.journal.get(runId) ?? [])
  }

  async appendAudit(runId: string, entry: { actor: string; action: string; detail?: JsonValue }): Promise<AuditEntry> {
    this.#open()
    requireText(entry.actor, 'entry.actor')
    requireText(entry.action, 'entry.action')
    if (entry.detail !== undefined) toJsonText(entry.detail, 'entry.detail')
    this.#callsOf(runId)
    return copy(this.#audit(runId, this.#o.clock(), entry.actor, entry.action, entry.detail))
  }

  async listAudit(runId: string): Promise<AuditEntry[]> {
    this.#open()
    return copy(this.#d.audit.get(runId) ?? [])
  }

  async sweep(): Promise<{ expired: number; pruned: number }> {
    this.#open()
    return { expired: this.#expireDue(this.#o.clock(), false), pruned: this.#prune() }
  }

  readonly state = {
    get: async (scope: string, key: string): Promise<JsonValue | undefined> => {
      this.#open()
      const text = this.#d.state.get(scope)?.get(key)?.text
      return text === undefined ? undefined : (JSON.parse(text) as JsonValue)
    },
    set: async (scope: string, key: string, value: JsonValue): Promise<void> => {
      this.#open()
      const { text, bytes } = this.#limits.value(scope, key, value)
      const entries = this.#d.state.get(scope) ?? new Map<string, { text: string; bytes: number }>()
      const old = entries.get(key)
      let total = 0
      for (const e of entries.values()) total += e.bytes
      this.#limits.fits(scope, key, { bytes: total, keys: entries.size }, old?.bytes, bytes)
      entries.set(key, { text, bytes })
      this.#d.state.set(scope, entries)
    },
    delete: async (scope: string, key: string): Promise<boolean> => {
      this.#open()
      return this.#d.state.get(scope)?.delete(key) ?? false
    },
    keys: async (scope: string, prefix = ''): Promise<string[]> => {
      this.#open()
      requireText(scope, 'scope')
      return [...(this.#d.state.get(scope)?.keys() ?? [])].filter((k) => k.startsWith(prefix)).toSorted(byCodePoint)
    },
  }

  readonly programs = {
    save: async (program: ProgramInput): Promise<ProgramRecord> => {
      this.#open()
      const checked = checkProgram(program, this.#o.maxRecordBytes)
      const now = this.#o.clock()
      const old = this.#d.programs.get(program.name)
      const record: ProgramRecord = {
        ...checked,
        version: (old?.version ?? 0) + 1,
        createdAt: old?.createdAt ?? now,
        updatedAt: now,
      }
      this.#d.programs.set(program.name, record)
      return copy(record)
    },
    get: async (name: string): Promise<ProgramRecord | undefined> => {
      this.#open()
      const p = this.#d.programs.get(name)
      return p === undefined ? undefined : copy(p)
    },
    list: async (): Promise<ProgramRecord[]> => {
      this.#open()
      return [...this.#d.programs.values()].toSorted((a, b) => byCodePoint(a.name, b.name)).map(copy)
    },
    delete: async (name: string): Promise<boolean> => {
      this.#open()
      return this.#d.programs.delete(name)
    },
  }

  async close(): Promise<void> {
    this.#closed = true
  }

  #open(): void {
    if (this.#closed) throw new RunStoreError('CLOSED', 'the run store is closed')
  }

  #newEntry(runId: string, call: CallInput, args: JsonValue, now: number): Omit<CallEntry, 'state'> {
    const entry: Omit<CallEntry, 'state'> = {
      runId,
      seq: call.seq,
      tool: call.tool,
      args,
      idempotencyKey: idempotencyKey(runId, call.seq),
      createdAt: now,
    }
    if (call.toolHash !== undefined) entry.toolHash = call.toolHash
    if (call.position !== undefined) entry.position = { line: call.position.line, column: call.position.column }
    return entry
  }

  #callsOf(runId: string, holder?: string): Map<number, CallEntry> {
    const run = this.#d.runs.get(runId)
    if (run === undefined) throw new RunStoreError('RUN_NOT_FOUND', `no run ${runId}`)
    if (holder !== undefined && (run.status !== 'running' || run.claim?.holder !== holder)) {
      throw new RunStoreError('CLAIM_LOST', `run ${runId} is not held by ${holder} (status ${run.status})`)
    }
    let calls = this.#d.calls.get(runId)
    if (calls === undefined) this.#d.calls.set(runId, (calls = new Map()))
    return calls
  }

  #undecided(runId: string): CallEntry[] {
    return [...(this.#d.calls.get(runId)?.values() ?? [])]
      .filter((c) => c.state === 'pending' && c.decision === undefined)
      .toSorted((a, b) => a.seq - b.seq)
  }

  #audit(runId: string, at: number, actor: string, action: string, detail?: JsonValue): AuditEntry {
    const trail = this.#d.audit.get(runId) ?? []
    const entry: AuditEntry = { runId, index: trail.length, at, actor, action }
    if (detail !== undefined) entry.detail = copy(detail)
    trail.push(entry)
    this.#d.audit.set(runId, trail)
    return entry
  }

  #expireIfDue(run: RunRecord, now: number): boolean {
    if (!waitingStatuses.includes(run.status) || run.expiresAt === undefined || run.expiresAt > now) return false
    run.status = 'expired'
    delete run.expiresAt
    run.version++
    run.updatedAt = now
    return true
  }

  #expireDue(now: number, prune = true): number {
    let expired = 0
    for (const run of this.#d.runs.values()) if (this.#expireIfDue(run, now)) expired++
    if (expired > 0 && prune) this.#prune()
    return expired
  }

  #prune(): number {
    const finished = [...this.#d.runs.values()]
      .filter((r) => finishedStatuses.includes(r.status))
      .toSorted(newestFinished)
    const doomed = finished.slice(this.#o.keepFinished)
    for (const run of doomed) {
      this.#d.runs.delete(run.id)
      this.#d.calls.delete(run.id)
      this.#d.journal.delete(run.id)
      this.#d.audit.delete(run.id)
    }
    return doomed.length
  }
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const newestFirst = (a: RunRecord, b: RunRecord): number => b.createdAt - a.createdAt || byCodePoint(b.id, a.id)
const newestFinished = (a: RunRecord, b: RunRecord): number => b.updatedAt - a.updatedAt || byCodePoint(b.id, a.id)
