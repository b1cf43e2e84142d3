import { randomUUID } from 'node:crypto'
import {
  checkCall,
  checkDecisions,
  checkProgram,
  checkStatuses,
  checkTransition,
  decisionDetail,
  finishedStatuses,
  requireText,
  waitingStatuses,
} from '../checks.ts'
import { RunStoreError } from '../errors.ts'
import { capRecord, fromJsonText, overCap, toJsonText } from '../json.ts'
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
import type { AuditEntry, CallEntry, Decision, JsonValue, ProgramRecord, RunRecord, RunStatus } from '../types.ts'
import { aheadLine, applyLines } from './ahead-lines.ts'
import type { Param, Row, SqlDriver, SqlExecutor } from './driver.ts'
import { GroupKnowledge } from './group-knowledge.ts'
import {
  CALL_ROW,
  callRowParams,
  DONE,
  outcomeInGroup,
  RECORD_DONE,
  type StartedCall,
  startSql,
} from './call-statements.ts'
import { type CallRow, callEntry, callRow, toCall, toProgram, toRun } from './rows.ts'

const WAITING = `('paused', 'needs-review')`
const FINISHED = `('completed', 'failed', 'cancelled', 'rolled-back', 'expired')`

/** The `file:` and `postgres://` stores: one set of statements over a {@link SqlDriver}. */
export class SqlRunStore implements RunStore {
  readonly #o: ResolvedOptions
  readonly #db: SqlDriver
  readonly #limits: StateLimits
  // why: SQLite has no row locks; its transactions take the database's write lock at BEGIN IMMEDIATE.
  readonly #forUpdate: string
  readonly #start: { free: string; held: string }
  #closed = false
  readonly #group = new GroupKnowledge<StartedCall>()

  constructor(
    readonly url: string,
    driver: SqlDriver,
    options: RunStoreOptions = {},
  ) {
    this.#o = resolveOptions(options)
    this.#db = driver
    this.#limits = new StateLimits(this.#o)
    this.#forUpdate = driver.dialect === 'postgres' ? ' FOR UPDATE' : ''
    this.#start = { free: startSql(false, this.#forUpdate), held: startSql(true, this.#forUpdate) }
  }

  async createRun(run: NewRun): Promise<RunRecord> {
    const db = this.#open()
    const id = run.id ?? randomUUID()
    requireText(id, 'run.id')
    requireText(run.holder, 'run.holder')
    if (typeof run.code !== 'string') throw new RunStoreError('INVALID_ARGUMENT', 'run.code must be a string')
    const options = toJsonText(run.options ?? {}, 'run.options')
    capRecord(options, this.#o.maxRecordBytes, 'run.options')
    const now = this.#o.clock()
    const added = await db.run(
      `INSERT INTO runs (id, status, version, code, options, created_at, updated_at, claim_holder, claim_expires_at)
       VALUES (?, 'running', 1, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      [id, run.code, options, now, now, run.holder, now + (run.leaseMs ?? this.#o.leaseMs)],
    )
    if (added === 0) throw new RunStoreError('RUN_EXISTS', `run ${id} already exists`)
    return (await this.#run(db, id))!
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const db = this.#open()
    await this.#expireDue(db, this.#o.clock(), id)
    return this.#run(db, id)
  }

  async listRuns(filter: { status?: RunStatus | readonly RunStatus[]; limit?: number } = {}): Promise<RunRecord[]> {
    const db = this.#open()
    await this.#expireDue(db, this.#o.clock())
    const statuses = filter.status === undefined ? undefined : checkStatuses([filter.status].flat(), 'filter.status')
    const params: Param[] = [...(statuses ?? [])]
    let sql = 'SELECT * FROM runs'
    if (statuses !== undefined) sql += ` WHERE status IN (${statuses.map(() => '?').join(', ')})`
    sql += ' ORDER BY created_at DESC, id DESC'
    if (filter.limit !== undefined) {
      sql += ' LIMIT ?'
      params.push(filter.limit)
    }
    return (await db.all(sql, params)).map(toRun)
  }

  async updateRun(id: string, change: RunTransition): Promise<RunWrite> {
    const db = this.#open()
    checkTransition(change)
    const resultText = change.result === undefined ? undefined : toJsonText(change.result, 'change.result')
    if (resultText !== undefined) capRecord(resultText, this.#o.maxRecordBytes, 'the run result')
    const now = this.#o.clock()
    const write = await db.transaction(async (tx): Promise<RunWrite> => {
      await this.#expireDue(tx, now, id)
      const run = await this.#run(tx, id, true)
      if (run === undefined) return { ok: false, reason: 'not-found' }
      const expect = change.expect ?? {}
      if (expect.status !== undefined && !expect.status.includes(run.status))
        return { ok: false, reason: 'status', run }
      if (expect.version !== undefined && expect.version !== run.version) return { ok: false, reason: 'version', run }
      if (expect.holder !== undefined && (run.status !== 'running' || run.claim?.holder !== expect.holder)) {
        return { ok: false, reason: 'holder', run }
      }
      const sets = ['version = version + 1', 'updated_at = ?']
      const params: Param[] = [now]
      if (resultText !== undefined) {
        sets.push('result = ?')
        params.push(resultText)
      }
      if (change.status !== undefined) {
        sets.push('status = ?', 'claim_holder = NULL', 'claim_expires_at = NULL', 'expires_at = ?')
        params.push(change.status, waitingStatuses.includes(change.status) ? now + this.#o.pausedTtlMs : null)
      }
      await tx.run(`UPDATE runs SET ${sets.join(', ')} WHERE id = ?`, [...params, id])
      if (change.status !== undefined && finishedStatuses.includes(change.status)) await this.#prune(tx)
      return { ok: true, run: (await this.#run(tx, id))! }
    })
    return write
  }

  async claim(id: string, holder: string, leaseMs = this.#o.leaseMs): Promise<RunWrite> {
    const db = this.#open()
    requireText(holder, 'holder')
    // why: R-118 — a holder that died left its uncommitted calls in its write-ahead file; the run
    // goes on from them (a call started and never done is re-run or reviewed, R-112).
    await this.recover()
    const now = this.#o.clock()
    // why: one conditional UPDATE, so among concurrent claimers (threads, processes, machines)
    // exactly one changes the row; PostgreSQL re-checks the WHERE on the row the winner left.
    const won = await db.run(
      `UPDATE runs SET status = 'running', claim_holder = ?, claim_expires_at = ?, expires_at = NULL,
         version = version + 1, updated_at = ?
       WHERE id = ? AND (
         (status IN ${WAITING} AND (expires_at IS NULL OR expires_at > ?) AND NOT EXISTS (
           SELECT 1 FROM calls WHERE calls.run_id = runs.id AND calls.state = 'pending' AND calls.decision IS NULL))
         OR (status = 'running' AND (claim_holder IS NULL OR claim_holder = ? OR claim_expires_at <= ?)))`,
      [holder, now + leaseMs, now, id, now, holder, now],
    )
    if (won === 1) return { ok: true, run: (await this.#run(db, id))! }
    if (await this.#expireDue(db, now, id)) return { ok: false, reason: 'expired', run: (await this.#run(db, id))! }
    const run = await this.#run(db, id)
    if (run === undefined) return { ok: false, reason: 'not-found' }
    if (run.status === 'running') return { ok: false, reason: 'held', run }
    if (waitingStatuses.includes(run.status)) return { ok: false, reason: 'undecided', run }
    return { ok: false, reason: 'status', run }
  }

  async renew(id: string, holder: string, leaseMs = this.#o.leaseMs): Promise<boolean> {
    const db = this.#open()
    const changed = await db.run(
      `UPDATE runs SET claim_expires_at = ? WHERE id = ? AND status = 'running' AND claim_holder = ?`,
      [this.#o.clock() + leaseMs, id, holder],
    )
    return changed === 1
  }

  async release(id: string, holder: string): Promise<boolean> {
    const db = this.#open()
    const changed = await db.run(
      `UPDATE runs SET claim_holder = NULL, claim_expires_at = NULL, version = version + 1
       WHERE id = ? AND status = 'running' AND claim_holder = ?`,
      [id, holder],
    )
    return changed === 1
  }

  async recordPending(
    runId: string,
    call: CallInput & { gate: 'approval' | 'review' },
    holder?: string,
  ): Promise<CallEntry> {
    const db = this.#open()
    checkCall(call)
    const args = toJsonText(call.args, 'call.args')
    capRecord(args, this.#o.maxRecordBytes, `the arguments of tool "${call.tool}"`)
    const now = this.#o.clock()
    return db.transaction(async (tx) => {
      await this.#lockRun(tx, runId, holder)
      const existing = await this.#call(tx, runId, call.seq)
      if (existing !== undefined) {
        // why: a started call turns pending again: one that may have run before a crash (review), or
        // one a policy stopped before its tool ran (approval).
        if (existing.state !== 'started') {
          throw new RunStoreError(
            'CALL_EXISTS',
            `run ${runId}: call ${call.seq} is already recorded (${existing.state})`,
          )
        }
        // why: an approval given before the crash was for that attempt; running it again needs a new one.
        await tx.run(`UPDATE calls SET state = 'pending', gate = ?, decision = NULL WHERE run_id = ? AND seq = ?`, [
          call.gate,
          runId,
          call.seq,
        ])
      } else {
        await this.#insertCall(tx, callRow(runId, call, args, now, 'pending', call.gate))
      }
      return (await this.#call(tx, runId, call.seq))!
    })
  }

  async callStarted(runId: string, call: CallInput, holder?: string): Promise<CallEntry> {
    const db = this.#open()
    checkCall(call)
    const args = toJsonText(call.args, 'call.args')
    capRecord(args, this.#o.maxRecordBytes, `the arguments of tool "${call.tool}"`)
    const now = this.#o.clock()
    const row = callRow(runId, call, args, now, 'started')
    const params: Param[] = [runId, call.seq, call.tool, args, row.tool_hash, row.line, row.col, now, now, runId]
    const group = db.openGroup?.()
    const hot = this.#group.of(runId, group)
    // why: R-118 — in the group that saw this run held and its highest call, a new call's row is
    // sure to be written: it is queued as the row itself, and its line written ahead, without a
    // statement now. The line names the checked statement, which a connection applying it needs.
    if (hot !== undefined && hot.holder === holder && call.seq > hot.max) {
      const write = db.queueInGroup?.(
        group!,
        CALL_ROW,
        callRowParams(row, 'started'),
        aheadLine('started', params),
        true,
      )
      if (write !== undefined) {
        hot.max = call.seq
        hot.started.set(call.seq, { row, args: call.args, write })
        return callEntry(row, call.args)
      }
    }
    // why: otherwise one statement writes it, committed at once (PostgreSQL) or written ahead (the
    // file: store's group, R-118), before it is dispatched.
    const sql = holder === undefined ? this.#start.free : this.#start.held
    const bound = holder === undefined ? params : [...params, holder]
    const added =
      db.runAhead === undefined ? await db.run(sql, bound) : await db.runAhead(sql, bound, aheadLine('started', params))
    if (added === 1) {
      if (holder !== undefined) await this.#learn(db, runId, holder, row, call.args)
      return callEntry(row, call.args)
    }
    // why: nothing written: the transaction names why (RUN_NOT_FOUND, CLAIM_LOST, CALL_EXISTS) or
    // starts an approved pending call.
    return db.transaction(async (tx) => {
      await this.#lockRun(tx, runId, holder)
      const existing = await this.#call(tx, runId, call.seq)
      if (existing !== undefined) {
        if (existing.state !== 'pending' || existing.decision?.approve !== true) {
          const note = existing.state === 'pending' ? ', not approved' : ''
          throw new RunStoreError(
            'CALL_EXISTS',
            `run ${runId}: call ${call.seq} is already recorded (${existing.state}${note})`,
          )
        }
        await tx.run(`UPDATE calls SET state = 'started', started_at = ? WHERE run_id = ? AND seq = ?`, [
          now,
          runId,
          call.seq,
        ])
        return { ...existing, state: 'started', startedAt: now }
      }
      return this.#insertCall(tx, row)
    })
  }

  async callDone(runId: string, seq: number, outcome: CallOutcome): Promise<CallEntry> {
    const db = this.#open()
    let result: string | null = null
    let error: string | null = null
    let refused: unknown
    try {
      if ('error' in outcome) error = toJsonText(outcome.error, 'outcome.error')
      else if (outcome.result !== undefined) result = toJsonText(outcome.result, 'outcome.result')
    } catch (refusal) {
      refused = refusal
    }
    const text = error ?? result
    if (refused !== undefined || (text !== null && overCap(text, this.#o.maxRecordBytes))) {
      // why: only a refused value needs the call read first: a call that is not started is
      // CALL_NOT_STARTED before its value is refused, and VALUE_TOO_LARGE names the tool.
      const entry = await this.#call(db, runId, seq)
      if (entry?.state !== 'started') throw notStarted(runId, seq, entry)
      if (refused !== undefined) throw refused
      capRecord(text!, this.#o.maxRecordBytes, `the ${error === null ? 'result' : 'error'} of tool "${entry.tool}"`)
    }
    const now = this.#o.clock()
    const group = db.openGroup?.()
    const hot = this.#group.of(runId, group)
    const started = hot?.started.get(seq)
    let row: Row
    let args: JsonValue | undefined
    // why: R-118 — a call this group started is still started: its outcome is queued with the group.
    if (started !== undefined && outcomeInGroup(db, group!, started, result, error, now)) {
      hot!.started.delete(seq)
      row = { ...started.row, state: 'done', done_at: now }
      args = started.args
    } else {
      // why: R-118 — a result may share the commit of the next call written ahead: a process dying
      // before it leaves the call started, never done, which is re-run or reviewed. The
      // row comes back without the result or error, which are the values just written.
      const doneParams: Param[] = [result, error, now, runId, seq]
      const rows =
        db.allDeferred === undefined
          ? await db.all(DONE, doneParams)
          : await db.allDeferred(DONE, doneParams, aheadLine('done', doneParams))
      if (rows.length === 0) throw notStarted(runId, seq, await this.#call(db, runId, seq))
      row = rows[0]!
    }
    // why: the entry carries the outcome given, checked and written as it is, not its text parsed again.
    const done = args === undefined ? toCall(row) : callEntry(row, args)
    if ('error' in outcome) done.error = outcome.error
    else if (outcome.result !== undefined) done.result = outcome.result
    return done
  }

  async listCalls(runId: string): Promise<CallEntry[]> {
    const db = this.#open()
    // why: R-118 — what a dead process wrote ahead and never committed is part of the log.
    await this.recover()
    return (await db.all('SELECT * FROM calls WHERE run_id = ? ORDER BY seq', [runId])).map(toCall)
  }

  async pending(runId?: string): Promise<CallEntry[]> {
    const db = this.#open()
    await this.#expireDue(db, this.#o.clock(), runId)
    const rows = await db.all(
      `SELECT calls.* FROM calls JOIN runs ON runs.id = calls.run_id
       WHERE calls.state = 'pending' AND calls.decision IS NULL AND runs.status IN ${WAITING}
       ${runId === undefined ? '' : 'AND runs.id = ?'}
       ORDER BY runs.created_at, runs.id, calls.seq`,
      runId === undefined ? [] : [runId],
    )
    return rows.map(toCall)
  }

  async decide(
    runId: string,
    decisions: readonly DecisionInput[],
    by: { actor: string; expectVersion?: number },
  ): Promise<RunWrite> {
    const db = this.#open()
    requireText(by?.actor, 'by.actor')
    const now = this.#o.clock()
    return db.transaction(async (tx): Promise<RunWrite> => {
      if (await this.#expireDue(tx, now, runId))
        return { ok: false, reason: 'expired', run: await this.#run(tx, runId) }
      const run = await this.#run(tx, runId, true)
      if (run === undefined) return { ok: false, reason: 'not-found' }
      if (!waitingStatuses.includes(run.status)) return { ok: false, reason: 'status', run }
      if (by.expectVersion !== undefined && by.expectVersion !== run.version)
        return { ok: false, reason: 'version', run }
      const undecided = (
        await tx.all(`SELECT * FROM calls WHERE run_id = ? AND state = 'pending' AND decision IS NULL ORDER BY seq`, [
          runId,
        ])
      ).map(toCall)
      if (undecided.length === 0) return { ok: false, reason: 'decided', run }
      checkDecisions(
        runId,
        undecided.map((c) => c.seq),
        decisions,
      )
      const texts = decisions.map((d) => {
        if (d.args === undefined) return undefined
        const text = toJsonText(d.args, `decisions[seq ${d.seq}].args`)
        const tool = undecided.find((c) => c.seq === d.seq)!.tool
        capRecord(text, this.#o.maxRecordBytes, `the edited arguments of tool "${tool}"`)
        return text
      })

      let index = await this.#nextIndex(tx, 'audit', runId)
      for (const [i, d] of decisions.entries()) {
        const decision: Decision = { approve: d.approve, actor: by.actor, at: now }
        if (texts[i] !== undefined) decision.args = d.args!
        if (d.reason !== undefined) decision.reason = d.reason
        await tx.run('UPDATE calls SET decision = ? WHERE run_id = ? AND seq = ?', [
          JSON.stringify(decision),
          runId,
          d.seq,
        ])
        const tool = undecided.find((c) => c.seq === d.seq)!.tool
        await tx.run('INSERT INTO audit (run_id, idx, at, actor, action, detail) VALUES (?, ?, ?, ?, ?, ?)', [
          runId,
          index++,
          now,
          by.actor,
          d.approve ? 'approve' : 'reject',
          JSON.stringify(decisionDetail(tool, d)),
        ])
      }
      await tx.run('UPDATE runs SET version = version + 1, updated_at = ? WHERE id = ?', [now, runId])
      return { ok: true, run: (await this.#run(tx, runId))! }
    })
  }

  async toolHashes(runId: string): Promise<Record<string, string>> {
    const hashes: Record<string, string> = {}
    for (const c of await this.listCalls(runId)) {
      if (c.toolHash !== undefined && !(c.tool in hashes)) hashes[c.tool] = c.toolHash
    }
    return hashes
  }

  async appendJournal(runId: string, entries: readonly JsonValue[]): Promise<number> {
    const db = this.#open()
    const texts = entries.map((e, i) => {
      const text = toJsonText(e, `entries[${i}]`)
      capRecord(text, this.#o.maxRecordBytes, `journal entry ${i}`)
      return text
    })
    return db.transaction(async (tx) => {
      await this.#lockRun(tx, runId)
      let index = await this.#nextIndex(tx, 'journal', runId)
      for (const text of texts)
        await tx.run('INSERT INTO journal (run_id, idx, entry) VALUES (?, ?, ?)', [runId, index++, text])
      return index
    })
  }

  async readJournal(runId: string): Promise<JsonValue[]> {
    const db = this.#open()
    return (await db.all('SELECT entry FROM journal WHERE run_id = ? ORDER BY idx', [runId])).map((r) =>
      fromJsonText(r['entry'] as string),
    )
  }

  async appendAudit(runId: string, entry: { actor: string; action: string; detail?: JsonValue }): Promise<AuditEntry> {
    const db = this.#open()
    requireText(entry.actor, 'entry.actor')
    requireText(entry.action, 'entry.action')
    const detail = entry.detail === undefined ? null : toJsonText(entry.detail, 'entry.detail')
    const at = this.#o.clock()
    return db.transaction(async (tx) => {
      await this.#lockRun(tx, runId)
      const index = await this.#nextIndex(tx, 'audit', runId)
      await tx.run('INSERT INTO audit (run_id, idx, at, actor, action, detail) VALUES (?, ?, ?, ?, ?, ?)', [
        runId,
        index,
        at,
        entry.actor,
        entry.action,
        detail,
      ])
      const line: AuditEntry = { runId, index, at, actor: entry.actor, action: entry.action }
      if (entry.detail !== undefined) line.detail = fromJsonText(detail!)
      return line
    })
  }

  async listAudit(runId: string): Promise<AuditEntry[]> {
    const db = this.#open()
    return (await db.all('SELECT * FROM audit WHERE run_id = ? ORDER BY idx', [runId])).map((r) => {
      const line: AuditEntry = {
        runId,
        index: Number(r['idx']),
        at: Number(r['at']),
        actor: r['actor'] as string,
        action: r['action'] as string,
      }
      if (r['detail'] !== null) line.detail = fromJsonText(r['detail'] as string)
      return line
    })
  }

  async sweep(): Promise<{ expired: number; pruned: number }> {
    const db = this.#open()
    const now = this.#o.clock()
    return db.transaction(async (tx) => ({
      expired: await this.#expireDue(tx, now, undefined, false),
      pruned: await this.#prune(tx),
    }))
  }

  readonly state = {
    get: async (scope: string, key: string): Promise<JsonValue | undefined> => {
      const rows = await this.#open().all('SELECT value FROM state WHERE scope = ? AND key = ?', [scope, key])
      return rows.length === 0 ? undefined : fromJsonText(rows[0]!['value'] as string)
    },
    set: async (scope: string, key: string, value: JsonValue): Promise<void> => {
      const db = this.#open()
      const { text, bytes } = this.#limits.value(scope, key, value)
      await db.transaction(async (tx) => {
        // why: an upsert that always updates locks the scope's row (PostgreSQL) and reads its totals
        // in one statement, so racing writers of one scope take turns and the caps hold.
        const [totals] = await tx.all(
          `INSERT INTO state_scopes (scope, bytes, keys) VALUES (?, 0, 0)
           ON CONFLICT (scope) DO UPDATE SET bytes = state_scopes.bytes RETURNING bytes, keys`,
          [scope],
        )
        const old = await tx.all('SELECT bytes FROM state WHERE scope = ? AND key = ?', [scope, key])
        const oldBytes = old.length === 0 ? undefined : Number(old[0]!['bytes'])
        this.#limits.fits(
          scope,
          key,
          { bytes: Number(totals!['bytes']), keys: Number(totals!['keys']) },
          oldBytes,
          bytes,
        )
        await tx.run(
          `INSERT INTO state (scope, key, value, bytes) VALUES (?, ?, ?, ?)
           ON CONFLICT (scope, key) DO UPDATE SET value = excluded.value, bytes = excluded.bytes`,
          [scope, key, text, bytes],
        )
        await tx.run('UPDATE state_scopes SET bytes = bytes + ?, keys = keys + ? WHERE scope = ?', [
          bytes - (oldBytes ?? 0),
          oldBytes === undefined ? 1 : 0,
          scope,
        ])
      })
    },
    delete: async (scope: string, key: string): Promise<boolean> => {
      return this.#open().transaction(async (tx) => {
        await tx.all(`SELECT bytes FROM state_scopes WHERE scope = ?${this.#forUpdate}`, [scope])
        const old = await tx.all('SELECT bytes FROM state WHERE scope = ? AND key = ?', [scope, key])
        if (old.length === 0) return false
        await tx.run('DELETE FROM state WHERE scope = ? AND key = ?', [scope, key])
        await tx.run('UPDATE state_scopes SET bytes = bytes - ?, keys = keys - 1 WHERE scope = ?', [
          Number(old[0]!['bytes']),
          scope,
        ])
        return true
      })
    },
    keys: async (scope: string, prefix = ''): Promise<string[]> => {
      requireText(scope, 'scope')
      const rows = await this.#open().all('SELECT key FROM state WHERE scope = ?', [scope])
      // why: filtered and sorted here, not with LIKE and ORDER BY, whose escaping and collation differ.
      return rows
        .map((r) => r['key'] as string)
        .filter((k) => k.startsWith(prefix))
        .toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    },
  }

  readonly programs = {
    save: async (program: ProgramInput): Promise<ProgramRecord> => {
      const db = this.#open()
      const p = checkProgram(program, this.#o.maxRecordBytes)
      const now = this.#o.clock()
      const schema = p.inputSchema === undefined ? null : JSON.stringify(p.inputSchema)
      await db.run(
        `INSERT INTO programs (name, version, code, description, input_schema, tool_hashes, created_at, updated_at)
         VALUES (?, 1, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET version = programs.version + 1, code = excluded.code,
           description = excluded.description, input_schema = excluded.input_schema,
           tool_hashes = excluded.tool_hashes, updated_at = excluded.updated_at`,
        [p.name, p.code, p.description, schema, JSON.stringify(p.toolHashes), now, now],
      )
      return (await this.programs.get(p.name))!
    },
    get: async (name: string): Promise<ProgramRecord | undefined> => {
      const rows = await this.#open().all('SELECT * FROM programs WHERE name = ?', [name])
      return rows.length === 0 ? undefined : toProgram(rows[0]!)
    },
    list: async (): Promise<ProgramRecord[]> => {
      const rows = await this.#open().all('SELECT * FROM programs')
      return rows.map(toProgram).toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    },
    delete: async (name: string): Promise<boolean> =>
      (await this.#open().run('DELETE FROM programs WHERE name = ?', [name])) === 1,
  }

  /**
   * Applies what connections that died wrote ahead and never committed, and deletes their
   * files; resolves to how many rows it wrote. The store does it when it opens and before it reads
   * or claims a run's calls.
   */
  async recover(): Promise<number> {
    const orphans = this.#open().orphans?.() ?? []
    if (orphans.length === 0) return 0
    const applied = await this.#db.transaction(async (tx) => {
      let n = 0
      // why: the live writes' own statements: they change nothing where the row did commit (or was
      // decided since), and the start writes only while its run exists (retention may have pruned it).
      const statements = { started: this.#start.free, done: RECORD_DONE }
      for (const orphan of orphans) n += await applyLines(tx, orphan.lines, statements)
      return n
    })
    for (const orphan of orphans) orphan.remove()
    return applied
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#db.close()
  }

  #open(): SqlDriver {
    if (this.#closed) throw new RunStoreError('CLOSED', 'the run store is closed')
    return this.#db
  }

  async #run(db: SqlExecutor, id: string, lock = false): Promise<RunRecord | undefined> {
    const rows = await db.all(`SELECT * FROM runs WHERE id = ?${lock ? this.#forUpdate : ''}`, [id])
    return rows.length === 0 ? undefined : toRun(rows[0]!)
  }

  /** Locks the run's row for the transaction; throws when it is absent or (with `holder`) not held by it. */
  async #lockRun(tx: SqlExecutor, runId: string, holder?: string): Promise<void> {
    const run = await this.#run(tx, runId, true)
    if (run === undefined) throw new RunStoreError('RUN_NOT_FOUND', `no run ${runId}`)
    if (holder !== undefined && (run.status !== 'running' || run.claim?.holder !== holder)) {
      throw new RunStoreError('CLAIM_LOST', `run ${runId} is not held by ${holder} (status ${run.status})`)
    }
  }

  /** After a call written in an open group: what the group now knows of its run. */
  async #learn(db: SqlDriver, runId: string, holder: string, row: CallRow, args: JsonValue): Promise<void> {
    const group = db.openGroup?.()
    if (group === undefined || db.queueInGroup === undefined) return
    if (this.#group.of(runId, group)?.holder === holder) {
      this.#group.learn(group, runId, holder, row.seq, row.seq, { row, args })
      return
    }
    const rows = await db.all('SELECT MAX(seq) AS last FROM calls WHERE run_id = ?', [runId])
    // why: the group may have committed while the read waited its turn; then it proves nothing.
    if (db.openGroup?.() !== group) return
    this.#group.learn(group, runId, holder, Number(rows[0]?.['last'] ?? row.seq), row.seq, { row, args })
  }

  async #call(db: SqlExecutor, runId: string, seq: number): Promise<CallEntry | undefined> {
    const rows = await db.all('SELECT * FROM calls WHERE run_id = ? AND seq = ?', [runId, seq])
    return rows.length === 0 ? undefined : toCall(rows[0]!)
  }

  async #insertCall(tx: SqlExecutor, row: CallRow): Promise<CallEntry> {
    const columns = Object.keys(row)
    await tx.run(
      `INSERT INTO calls (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      Object.values(row),
    )
    return toCall(row)
  }

  async #nextIndex(tx: SqlExecutor, table: 'audit' | 'journal', runId: string): Promise<number> {
    const rows = await tx.all(`SELECT MAX(idx) AS last FROM ${table} WHERE run_id = ?`, [runId])
    const last = rows[0]?.['last']
    return last === null || last === undefined ? 0 : Number(last) + 1
  }

  /** Turns waiting runs past their TTL `expired` (one run, or all); returns how many. */
  async #expireDue(db: SqlExecutor, now: number, id?: string, prune = true): Promise<number> {
    const changed = await db.run(
      `UPDATE runs SET status = 'expired', expires_at = NULL, version = version + 1, updated_at = ?
       WHERE status IN ${WAITING} AND expires_at <= ?${id === undefined ? '' : ' AND id = ?'}`,
      id === undefined ? [now, now] : [now, now, id],
    )
    if (changed > 0 && prune) await this.#prune(db)
    return changed
  }

  /** Deletes finished runs beyond the newest `keepFinished`, with their log, journal and audit. */
  async #prune(db: SqlExecutor): Promise<number> {
    // why: SQLite takes OFFSET only after a LIMIT (-1: none); PostgreSQL takes it alone.
    const limit = this.#db.dialect === 'sqlite' ? 'LIMIT -1 ' : ''
    const doomed = (
      await db.all(
        `SELECT id FROM runs WHERE status IN ${FINISHED} ORDER BY updated_at DESC, id DESC ${limit}OFFSET ?`,
        [this.#o.keepFinished],
      )
    ).map((r) => r['id'] as string)
    for (const id of doomed) {
      for (const table of ['calls', 'journal', 'audit']) await db.run(`DELETE FROM ${table} WHERE run_id = ?`, [id])
      await db.run('DELETE FROM runs WHERE id = ?', [id])
    }
    return doomed.length
  }
}

function notStarted(runId: string, seq: number, entry: CallEntry | undefined): RunStoreError {
  // why: the outcome's write found the call not started, yet a read after it may find it started
  // (another holder started it in between); the refusal is about the moment of the write.
  const what =
    entry?.state === 'started'
      ? 'was not started when its outcome was written'
      : `is not started (${entry?.state ?? 'absent'})`
  return new RunStoreError('CALL_NOT_STARTED', `run ${runId}: call ${seq} ${what}`)
}
