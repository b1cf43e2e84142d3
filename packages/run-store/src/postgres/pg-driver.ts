import type { Pool } from 'pg'
import { RunStoreError } from '../errors.ts'
import type { Param, Row, SqlDriver, SqlExecutor } from '../sql/driver.ts'

const numbered = new Map<string, string>()
/** `?` placeholders as PostgreSQL's `$1, $2, …` (the store's SQL has no `?` inside literals). */
function toPg(sql: string): string {
  let text = numbered.get(sql)
  if (text === undefined) {
    let n = 0
    numbered.set(sql, (text = sql.replace(/\?/g, () => `$${++n}`)))
  }
  return text
}

/**
 * Opens a pool on `connectionString` whose sessions use `schema`, and checks the server answers, so
 * an unreachable server fails here (naming `where`, the URL without its password), not at first use.
 */
export async function openPostgres(connectionString: string, schema: string, where: string): Promise<PgDriver> {
  // why: loaded when a postgres:// store is opened, so memory: and file: users never load pg.
  const { default: pg } = await import('pg')
  const pgTypes = pg.types
  // why: BIGINT columns hold epoch milliseconds and counters, all far below 2^53; read them as numbers.
  const INT8 = 20
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8
        ? (value: string) => Number(value)
        : pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
  }
  const pool = new pg.Pool({
    connectionString,
    options: `-c search_path=${schema}`,
    types,
    connectionTimeoutMillis: 10_000,
  })
  // why: an idle pooled connection that breaks (server restart) emits 'error'; unhandled, that would
  // end the host process. The pool drops the client and the next query connects afresh.
  pool.on('error', () => undefined)
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw new RunStoreError(
      'OPEN_FAILED',
      `cannot reach the PostgreSQL run store at ${where}: ${(error as Error).message}`,
    )
  }
  return new PgDriver(pool)
}

/** {@link SqlDriver} over a node-postgres pool. */
export class PgDriver implements SqlDriver {
  readonly dialect = 'postgres'

  constructor(private readonly pool: Pool) {}

  async all(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    return (await this.pool.query(toPg(sql), params as Param[])).rows as Row[]
  }

  async run(sql: string, params: readonly Param[] = []): Promise<number> {
    return (await this.pool.query(toPg(sql), params as Param[])).rowCount ?? 0
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    const tx: SqlExecutor = {
      all: async (sql, params = []) => (await client.query(toPg(sql), params as Param[])).rows as Row[],
      run: async (sql, params = []) => (await client.query(toPg(sql), params as Param[])).rowCount ?? 0,
    }
    let broken = false
    try {
      await client.query('BEGIN')
      const result = await fn(tx)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true
      })
      throw error
    } finally {
      client.release(broken)
    }
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
