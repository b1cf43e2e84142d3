import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RunStoreError } from './errors.ts'
import { MemoryRunStore } from './memory/memory-store.ts'
import { resolveOptions, type RunStoreOptions } from './options.ts'
import { openPostgres } from './postgres/pg-driver.ts'
import type { RunStore } from './run-store.ts'
import type { SqlDriver, SqlExecutor } from './sql/driver.ts'
import { migrate } from './sql/schema.ts'
import { SqlRunStore } from './sql/sql-store.ts'
import { openSqlite } from './sqlite/sqlite-driver.ts'

const methods = ['createRun', 'getRun', 'claim', 'callStarted', 'callDone', 'decide', 'close'] as const

/**
 * Opens the store a URL names — `'memory:'` (the default), `'file:<path>'` (SQLite, no server) or
 * `'postgres://user@host/db?schema=name'` — or returns a `RunStore` object as it is. Everything that
 * can fail (a URL that does not parse, a file that cannot open, a server that does not answer, a
 * newer schema) fails here.
 *
 * @example
 * const store = await openRunStore('file:./runs.db')
 */
export async function openRunStore(
  store: string | RunStore = 'memory:',
  options: RunStoreOptions = {},
): Promise<RunStore> {
  if (typeof store === 'object' && store !== null) {
    const missing = methods.filter((m) => typeof (store as unknown as Record<string, unknown>)[m] !== 'function')
    if (missing.length > 0) {
      throw new RunStoreError(
        'INVALID_ARGUMENT',
        `store must be a URL or a RunStore; this object lacks ${missing.join(', ')}`,
      )
    }
    return store
  }
  if (typeof store !== 'string')
    throw new RunStoreError('INVALID_URL', `store must be a URL string; got ${typeof store}`)
  resolveOptions(options)
  if (store === 'memory:' || store === 'memory://') return new MemoryRunStore(options)
  if (store.startsWith('file:')) {
    const path = filePath(store)
    return sqlStore(await openSqlite(path, store), store, options)
  }
  if (/^postgres(ql)?:\/\//i.test(store)) {
    const { connectionString, schema, where } = postgresTarget(store)
    const driver = await openPostgres(connectionString, schema, where)
    return sqlStore(driver, where, options, async (tx) => {
      // why: two processes opening a fresh database at once would both create the tables.
      await tx.all('SELECT pg_advisory_xact_lock(hashtext(?))', [`isocode-run-store:${schema}`])
      await tx.run(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
    })
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(store)) {
    const scheme = store.slice(0, store.indexOf(':') + 1)
    throw new RunStoreError(
      'UNKNOWN_SCHEME',
      `store URL scheme "${scheme}" is not one of memory:, file:<path>, postgres://… (got "${redact(store)}")`,
    )
  }
  throw new RunStoreError('INVALID_URL', `store "${store}" is not a URL: use memory:, file:<path> or postgres://…`)
}

async function sqlStore(
  driver: SqlDriver,
  where: string,
  options: RunStoreOptions,
  lock: (tx: SqlExecutor) => Promise<void> = async () => undefined,
): Promise<RunStore> {
  try {
    await migrate(driver, where, lock)
  } catch (error) {
    await driver.close().catch(() => undefined)
    if (error instanceof RunStoreError) throw error
    throw new RunStoreError('OPEN_FAILED', `cannot open the run store at ${where}: ${(error as Error).message}`)
  }
  const store = new SqlRunStore(where, driver, options)
  try {
    await store.recover()
  } catch (error) {
    await store.close().catch(() => undefined)
    throw new RunStoreError('OPEN_FAILED', `cannot open the run store at ${where}: ${(error as Error).message}`)
  }
  return store
}

function filePath(url: string): string {
  const rest = url.slice('file:'.length)
  if (rest.startsWith('//')) {
    try {
      return fileURLToPath(url)
    } catch (error) {
      throw new RunStoreError('INVALID_URL', `store URL "${url}" is not a file URL: ${(error as Error).message}`)
    }
  }
  if (rest.length === 0) throw new RunStoreError('INVALID_URL', 'store URL "file:" names no path: use file:<path>')
  return resolve(rest)
}

function postgresTarget(url: string): { connectionString: string; schema: string; where: string } {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new RunStoreError('INVALID_URL', `store URL "${redact(url)}" does not parse`)
  }
  const schema = parsed.searchParams.get('schema') ?? 'public'
  // why: lower case only: the session's search_path and CREATE SCHEMA must name the same schema.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new RunStoreError(
      'INVALID_URL',
      `store URL's schema "${schema}" must be a plain lower-case identifier (a-z, 0-9, _)`,
    )
  }
  parsed.searchParams.delete('schema')
  return { connectionString: parsed.href, schema, where: redact(url) }
}

/** The URL without its password. */
function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password === '') return url
    parsed.password = '***'
    return parsed.href
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@')
  }
}
