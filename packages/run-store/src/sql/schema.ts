import { RunStoreError } from '../errors.ts'
import type { SqlDriver, SqlExecutor } from './driver.ts'

/** The schema version this package writes; a store at a higher one is refused. */
export const SCHEMA_VERSION = 1

// why: one DDL for SQLite and PostgreSQL: JSON kept as TEXT, times as BIGINT epoch ms (SQLite
// reads BIGINT as INTEGER), so both backends share every statement of the store.
const v1 = [
  `CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    status TEXT NOT NULL,
    version BIGINT NOT NULL,
    code TEXT NOT NULL,
    options TEXT NOT NULL,
    result TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    expires_at BIGINT,
    claim_holder TEXT,
    claim_expires_at BIGINT
  )`,
  `CREATE INDEX runs_by_status ON runs (status, updated_at)`,
  `CREATE INDEX runs_by_created ON runs (created_at)`,
  `CREATE TABLE calls (
    run_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    tool TEXT NOT NULL,
    args TEXT NOT NULL,
    tool_hash TEXT,
    line BIGINT,
    col BIGINT,
    state TEXT NOT NULL,
    gate TEXT,
    decision TEXT,
    result TEXT,
    error TEXT,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    done_at BIGINT,
    PRIMARY KEY (run_id, seq)
  )`,
  `CREATE TABLE journal (run_id TEXT NOT NULL, idx BIGINT NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (run_id, idx))`,
  `CREATE TABLE audit (
    run_id TEXT NOT NULL,
    idx BIGINT NOT NULL,
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT,
    PRIMARY KEY (run_id, idx)
  )`,
  `CREATE TABLE state_scopes (scope TEXT PRIMARY KEY, bytes BIGINT NOT NULL, keys BIGINT NOT NULL)`,
  `CREATE TABLE state (scope TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, bytes BIGINT NOT NULL, PRIMARY KEY (scope, key))`,
  `CREATE TABLE programs (
    name TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    code TEXT NOT NULL,
    description TEXT NOT NULL,
    input_schema TEXT,
    tool_hashes TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
]

/** Statements that take a store from version i to i + 1 (index 0: from nothing to 1). */
const migrations: readonly (readonly string[])[] = [v1]

/**
 * Brings the store's tables to {@link SCHEMA_VERSION} in one transaction: creates them in an empty
 * store, runs the missing migrations in an older one, refuses a newer one with `SCHEMA_TOO_NEW`.
 */
export async function migrate(
  driver: SqlDriver,
  where: string,
  lock: (tx: SqlExecutor) => Promise<void>,
): Promise<void> {
  await driver.transaction(async (tx) => {
    await lock(tx)
    await tx.run('CREATE TABLE IF NOT EXISTS isocode_schema (id BIGINT PRIMARY KEY, version BIGINT NOT NULL)')
    const rows = await tx.all('SELECT version FROM isocode_schema WHERE id = 1')
    const found = rows.length === 0 ? 0 : Number(rows[0]!['version'])
    if (found > SCHEMA_VERSION) {
      throw new RunStoreError(
        'SCHEMA_TOO_NEW',
        `the run store at ${where} has schema version ${found}; this @isocode/run-store knows up to ${SCHEMA_VERSION}. Upgrade Isocode to open it`,
      )
    }
    for (let v = found; v < SCHEMA_VERSION; v++) for (const sql of migrations[v]!) await tx.run(sql)
    if (found === 0) await tx.run('INSERT INTO isocode_schema (id, version) VALUES (1, ?)', [SCHEMA_VERSION])
    else if (found < SCHEMA_VERSION)
      await tx.run('UPDATE isocode_schema SET version = ? WHERE id = 1', [SCHEMA_VERSION])
  })
}
