import { RunStoreError } from '../errors.ts'
import type { Param, QueuedWrite, Row, SqlDriver, SqlExecutor } from '../sql/driver.ts'
import { AheadLog, type Orphan, orphansOf } from './ahead-log.ts'

// why: the few members used, written out, since node:sqlite's types are not in @types/node 20 and
// better-sqlite3's statement API has the same shape for these.
interface Statement {
  all(...params: Param[]): unknown[]
  run(...params: Param[]): { changes: number | bigint }
}
interface Database {
  exec(sql: string): void
  prepare(sql: string): Statement
  close(): void
}

/** Which SQLite binding opened the file. */
export type SqliteBinding = 'node:sqlite' | 'better-sqlite3'

/**
 * Opens a SQLite file: `node:sqlite` where the Node line has it without a flag (22.13+, 23.4+),
 * `better-sqlite3` elsewhere (Node 20). WAL, so other processes read and write the same file.
 */
export async function openSqlite(path: string, where: string): Promise<SqliteDriver> {
  const { open, binding } = await loadBinding()
  let db: Database
  try {
    db = open(path)
    db.exec(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`)
    db.exec('PRAGMA journal_mode = WAL')
    // why: in WAL, NORMAL loses no committed write when a process dies (only on power loss), and
    // spares an fsync per commit, which is the price of every call the log records.
    db.exec('PRAGMA synchronous = NORMAL')
  } catch (error) {
    throw new RunStoreError('OPEN_FAILED', `cannot open the run store file at ${where}: ${(error as Error).message}`)
  }
  return new SqliteDriver(db, binding, path)
}

// why: bindings are synchronous, so a connection waiting for SQLite's write lock blocks the thread;
// if the holder is another connection of this same process, mid-transaction between two awaits,
// it could never finish. Connections to one file in one process therefore take turns on one queue
// (other processes' writes wait for SQLite's lock on the event loop, R-119).
const queues = new Map<string, Queue>()

interface Queue {
  tail: Promise<unknown>
  /** Turns taken and not finished yet; with none, a single statement runs at once. */
  busy: number
  users: number
  /** The connection with an open group transaction: another one commits it before its turn. */
  open?: SqliteDriver | undefined
}

/** How long a deferred write waits at most for the next write to share its commit. */
const GROUP_COMMIT_MS = 5

/** How long a write waits for the write lock another process holds before it fails (SQLITE_BUSY). */
const LOCK_WAIT_MS = 10_000

// why: R-119 — a busy writer leaves the lock free only between its groups, for the time until its
// next call (about a call's time in every GROUP_COMMIT_MS); SQLite's own wait retries after up to
// 100 ms, and mostly misses that gap. Tried this often, a waiter finds it within a few groups.
const LOCK_RETRY_MS = 1

const always = (): boolean => true

/** Whether `error` is SQLite's "database is locked" (another process holds the write lock). */
function isBusy(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown }
  // why: better-sqlite3 names the code; node:sqlite gives SQLite's number, whose low byte is 5
  // (SQLITE_BUSY) for every kind of it.
  return (typeof e?.code === 'string' && e.code.startsWith('SQLITE_BUSY')) || (Number(e?.errcode) & 0xff) === 5
}

async function loadBinding(): Promise<{ open: (path: string) => Database; binding: SqliteBinding }> {
  const sqlite = await importNodeSqlite()
  if (sqlite !== undefined) return { open: (path) => new sqlite.DatabaseSync(path), binding: 'node:sqlite' }
  try {
    const mod = (await import('better-sqlite3' as string)) as unknown as { default: new (path: string) => Database }
    return { open: (path) => new mod.default(path), binding: 'better-sqlite3' }
  } catch (error) {
    throw new RunStoreError(
      'OPEN_FAILED',
      `the file: run store needs node:sqlite (Node 22.13+) or the better-sqlite3 package (npm install better-sqlite3@12) on Node ${process.versions.node}: ${(error as Error).message}`,
    )
  }
}

async function importNodeSqlite(): Promise<{ DatabaseSync: new (path: string) => Database } | undefined> {
  const emit = process.emitWarning
  // why: node:sqlite announces itself as experimental on load; a CLI or server opening its store
  // should not print that to its users. Only that warning is held back, only during the import.
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (text.includes('SQLite')) return
    ;(emit as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return (await import('node:sqlite' as string)) as { DatabaseSync: new (path: string) => Database }
  } catch {
    return undefined
  } finally {
    process.emitWarning = emit
  }
}

/** {@link SqlDriver} over one SQLite connection; statements and transactions of this process take turns. */
export class SqliteDriver implements SqlDriver {
  readonly dialect = 'sqlite'
  readonly #db: Database
  readonly #statements = new Map<string, Statement>()
  readonly #queue: Queue
  // why: R-118 — deferred writes wait in one open transaction for the next commit.
  #open = false
  #flush: NodeJS.Timeout | undefined
  readonly #log: AheadLog
  // why: R-118 — lines of deferred results, made durable with the next line written ahead.
  #unlogged = ''
  // why: R-118 — writes whose outcome the store knows, run in order before this connection's next
  // statement or commit: the group's rows are written together, not a statement a call.
  #queued: QueuedWrite[] = []
  #group = 0
  // why: the last "database is locked" of a try for the write lock, thrown once waiting is over.
  #busy: unknown
  // why: made once, not a closure a call: the hot path's precondition.
  readonly #inGroup = (): boolean => this.#openGroup()
  readonly #direct: SqlExecutor = {
    all: async (sql, params) => this.#all(sql, params),
    run: async (sql, params) => this.#run(sql, params),
  }

  constructor(
    db: Database,
    readonly binding: SqliteBinding,
    private readonly path: string,
  ) {
    this.#db = db
    let queue = queues.get(path)
    if (queue === undefined) queues.set(path, (queue = { tail: Promise.resolve(), busy: 0, users: 0 }))
    queue.users++
    this.#queue = queue
    this.#log = new AheadLog(path)
  }

  all(sql: string, params?: readonly Param[]): Promise<Row[]> {
    // why: a read inside the open group transaction sees its writes; it needs no commit.
    return this.#statementTurn(() => this.#all(sql, params))
  }

  run(sql: string, params?: readonly Param[]): Promise<number> {
    // why: R-119 — in a transaction of its own, so a write waiting for another process's lock
    // waits without blocking the thread; committed at once, with the deferred writes.
    return this.#groupTurn(() => {
      const changed = this.#run(sql, params)
      // why: a write that must be durable on return commits the deferred ones with it.
      this.#commitOpen()
      return changed
    })
  }

  allDeferred(sql: string, params?: readonly Param[], line?: string): Promise<Row[]> {
    return this.#groupTurn(() => {
      const rows = this.#all(sql, params)
      if (line !== undefined && rows.length > 0) this.#unlogged += line
      return rows
    })
  }

  runAhead(sql: string, params: readonly Param[], line: string): Promise<number> {
    return this.#groupTurn(() => {
      const changed = this.#run(sql, params)
      // why: R-118 — the row waits uncommitted; the line (after any deferred results) is what
      // survives this process. A refused write (no row changed) leaves no line.
      if (changed > 0) this.#writeAhead(line)
      return changed
    })
  }

  openGroup(): number | undefined {
    return this.#open ? this.#group : undefined
  }

  queueInGroup(
    group: number,
    sql: string,
    params: readonly Param[],
    line: string,
    ahead: boolean,
  ): QueuedWrite | undefined {
    // why: mid-turn (a transaction awaiting), a queued write could slip between its statements.
    if (!this.#open || this.#group !== group || this.#queue.busy > 0) return undefined
    if (ahead) this.#writeAhead(line)
    else this.#unlogged += line
    const write: QueuedWrite = { sql, params, ran: false }
    this.#queued.push(write)
    return write
  }

  amendQueued(write: QueuedWrite, params: readonly Param[], line: string): boolean {
    // why: a write still queued runs with whatever parameters it holds when the group drains, so
    // changing them now is the same as running it with them; once it ran, it is too late.
    if (write.ran) return false
    write.params = params
    this.#unlogged += line
    return true
  }

  orphans(): Orphan[] {
    return orphansOf(this.path)
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    // why: the connection is shared by every caller in this process, so a transaction that awaits
    // must not let another caller's statement slip into it: everything takes turns.
    return this.#turn(async () => {
      // why: R-118 — inside an open group transaction, fn is a savepoint and one commit covers both.
      const nested = this.#open
      if (nested) this.#db.exec('SAVEPOINT tx')
      else await this.#waitFor(() => this.#tryBegin())
      try {
        const result = await fn(this.#direct)
        if (nested) {
          this.#db.exec('RELEASE tx')
          this.#commitOpen()
        } else this.#db.exec('COMMIT')
        return result
      } catch (error) {
        if (nested) {
          this.#db.exec('ROLLBACK TO tx')
          this.#db.exec('RELEASE tx')
          this.#commitOpen()
        } else this.#db.exec('ROLLBACK')
        throw error
      }
    })
  }

  async close(): Promise<void> {
    await this.#turn(async () => {
      this.#commitOpen()
      this.#db.close()
      this.#log.close()
    })
    if (--this.#queue.users === 0) queues.delete(this.path)
  }

  /**
   * Takes SQLite's write lock with BEGIN IMMEDIATE if no other process holds it: false, at once,
   * if one does, so the caller waits on the event loop, not in SQLite's busy handler.
   */
  #tryBegin(): boolean {
    this.#db.exec('PRAGMA busy_timeout = 0')
    try {
      this.#db.exec('BEGIN IMMEDIATE')
      return true
    } catch (error) {
      if (!isBusy(error)) throw error
      this.#busy = error
      return false
    } finally {
      this.#db.exec(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`)
    }
  }

  /** Tries `take` every {@link LOCK_RETRY_MS} until it succeeds, or fails as SQLite's wait does after LOCK_WAIT_MS. */
  async #waitFor(take: () => boolean): Promise<void> {
    const until = performance.now() + LOCK_WAIT_MS
    while (!take()) {
      if (performance.now() >= until) throw this.#busy
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS))
    }
  }

  /** Opens the group transaction deferred writes share, unless it is open; false: the lock is another process's. */
  #openGroup(): boolean {
    if (this.#open) return true
    if (!this.#tryBegin()) return false
    this.#open = true
    this.#group++
    this.#queue.open = this
    // why: R-118 — committed with the next write that must be durable, or soon after; the timer
    // does not keep the process alive, and close() commits what is left.
    this.#flush = setTimeout(
      () => void this.#turn(async () => this.#commitOpen()).catch(() => undefined),
      GROUP_COMMIT_MS,
    )
    this.#flush.unref()
    return true
  }

  /** Commit the open group transaction, if any (on the queue's turn). */
  #commitOpen(): void {
    if (!this.#open) return
    clearTimeout(this.#flush)
    this.#open = false
    if (this.#queue.open === this) this.#queue.open = undefined
    this.#drain()
    this.#db.exec('COMMIT')
    // why: everything written ahead is in SQLite now.
    this.#unlogged = ''
    this.#log.committed()
  }

  #turn<T>(fn: () => Promise<T>): Promise<T> {
    const queue = this.#queue
    queue.busy++
    const next = queue.tail.then(() => {
      this.#commitOthers()
      this.#drain()
      return fn()
    })
    const finished = (): void => void queue.busy--
    queue.tail = next.then(finished, finished)
    return next
  }

  /** Runs a write's work (synchronous) in the group transaction, opening it first. */
  #groupTurn<T>(fn: () => T): Promise<T> {
    return this.#statementTurn(fn, this.#inGroup)
  }

  /**
   * Runs one statement's work (synchronous) at once when no turn is taken and `ready` holds (for a
   * write: the group is open, or opens now), else on its turn once `ready` holds.
   */
  #statementTurn<T>(fn: () => T, ready: () => boolean = always): Promise<T> {
    if (this.#queue.busy === 0) {
      // why: nothing is queued or mid-transaction, so running now is what its turn would do, without
      // the promise hops of the queue: most statements of the call log run this way.
      try {
        this.#commitOthers()
        this.#drain()
        if (ready()) return Promise.resolve(fn())
      } catch (error) {
        return Promise.reject(error as Error)
      }
    }
    // why: R-119 — another process holds the write lock (or a turn is taken): it is waited for on
    // this connection's turn, so this process's other statements queue behind instead of its
    // thread blocking.
    return this.#turn(async () => {
      await this.#waitFor(ready)
      return fn()
    })
  }

  /** Writes `line` ahead, after the lines of the deferred results it makes durable with it. */
  #writeAhead(line: string): void {
    this.#log.append(this.#unlogged + line)
    this.#unlogged = ''
  }

  /** Runs the queued writes of the open group, in order. */
  #drain(): void {
    if (this.#queued.length === 0) return
    const queued = this.#queued
    this.#queued = []
    // why: every write leaves the queue here, so none is amended after this, even when one of them fails.
    for (const write of queued) write.ran = true
    for (const write of queued) this.#statement(write.sql).run(...write.params)
  }

  /** Commits another connection's open group transaction before this one's turn. */
  #commitOthers(): void {
    // why: another connection of this process holds SQLite's write lock in a group
    // transaction; waiting on it here would block the thread that has to commit it.
    const holder = this.#queue.open
    if (holder !== undefined && holder !== this) holder.#commitOpen()
  }

  #all(sql: string, params: readonly Param[] = []): Row[] {
    return this.#statement(sql).all(...params) as Row[]
  }

  #run(sql: string, params: readonly Param[] = []): number {
    return Number(this.#statement(sql).run(...params).changes)
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql)
    if (statement === undefined) this.#statements.set(sql, (statement = this.#db.prepare(sql)))
    return statement
  }
}
