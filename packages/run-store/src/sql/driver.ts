/** A row as the driver returns it: column name to value. */
export type Row = Record<string, unknown>
/** A bound parameter. */
export type Param = string | number | null

/** A write queued into a group transaction: its statement and parameters, and whether it ran. */
export interface QueuedWrite {
  readonly sql: string
  params: readonly Param[]
  ran: boolean
}

/** Statements with `?` placeholders, on one connection or inside one transaction. */
export interface SqlExecutor {
  all(sql: string, params?: readonly Param[]): Promise<Row[]>
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly Param[]): Promise<number>
}

/** What the SQL store needs of SQLite and PostgreSQL alike. */
export interface SqlDriver extends SqlExecutor {
  readonly dialect: 'sqlite' | 'postgres'
  /**
   * Runs `fn` in one transaction that holds the write lock from its start (SQLite: BEGIN IMMEDIATE;
   * PostgreSQL: rows locked with FOR UPDATE), committing when it resolves, rolling back when it throws.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
  /**
   * Runs a write whose commit may wait for the next write or a few ms (a group commit, R-118) and
   * resolves to the rows it returns (`RETURNING`): a process that dies before then loses it, as if
   * it died before the write, unless a later write ahead carried its `line`. Absent: `all`.
   */
  allDeferred?(sql: string, params?: readonly Param[], line?: string): Promise<Row[]>
  /**
   * Writes ahead (R-118): runs a write in the group transaction and, when it changed a row, appends
   * `line` (with the deferred writes' lines before it) to a file that survives this process, before
   * it resolves. The row commits later with the group. Absent: `run`, committed at once.
   */
  runAhead?(sql: string, params: readonly Param[], line: string): Promise<number>
  /** The number of the open group transaction, or undefined when none is open. */
  openGroup?(): number | undefined
  /**
   * Queues a write the caller knows changes its row into group `group`, if that group is still open
   * and no transaction is mid-way: it runs before this connection's next statement or commit. With
   * `ahead`, `line` is written ahead now (as {@link runAhead}); else it waits for the next line
   * written ahead (as {@link allDeferred}). Returns the queued write; undefined: not queued, run it instead.
   */
  queueInGroup?(
    group: number,
    sql: string,
    params: readonly Param[],
    line: string,
    ahead: boolean,
  ): QueuedWrite | undefined
  /**
   * Gives `write` the parameters `params` if it still waits in its group, `line` waiting for the next
   * line written ahead (as a write queued without `ahead`); false: it ran, write the change instead.
   */
  amendQueued?(write: QueuedWrite, params: readonly Param[], line: string): boolean
  /** Lines written ahead by connections that died before committing them, to apply again. */
  orphans?(): { readonly lines: string[]; remove(): void }[]
  close(): Promise<void>
}
