import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from 'pg'
import type { RunStoreSubject } from '../src/conformance/index.ts'
import { newMemoryData, MemoryRunStore } from '../src/memory/memory-store.ts'
import { openRunStore } from '../src/open.ts'

/** The test server (trust auth); see the package README. */
export const PG_URL = 'postgres://postgres@127.0.0.1:5432/test'

export function memorySubject(): RunStoreSubject {
  const data = newMemoryData()
  return { open: async (options) => new MemoryRunStore(options, data) }
}

/** A fresh SQLite file in its own temporary folder. */
export async function fileSubject(): Promise<RunStoreSubject & { url: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'run-store-'))
  const url = `file:${join(dir, 'runs.db')}`
  return {
    url,
    open: (options) => openRunStore(url, options),
    async writeSchemaVersion(version) {
      const { DatabaseSync } = await sqliteForTests()
      const db = new DatabaseSync(url.slice('file:'.length))
      db.prepare('UPDATE isocode_schema SET version = ? WHERE id = 1').run(version)
      db.close()
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

async function sqliteForTests(): Promise<{
  DatabaseSync: new (path: string) => { prepare(sql: string): { run(...p: unknown[]): unknown }; close(): void }
}> {
  try {
    return (await import('node:sqlite' as string)) as never
  } catch {
    const mod = (await import('better-sqlite3' as string)) as { default: unknown }
    return { DatabaseSync: mod.default as never }
  }
}

/**
 * One PostgreSQL schema for a test file: `reset()` drops and creates it (a fresh store per case),
 * `drop()` removes it at the end. An unreachable server fails the file (never skips it).
 */
export function pgSchema(name: string): {
  url: string
  schema: string
  reset(): Promise<void>
  drop(): Promise<void>
  sql(text: string): Promise<void>
} {
  const schema = `rs_${name}_${process.pid}`
  const admin = async (text: string): Promise<void> => {
    const client = new Client({ connectionString: PG_URL })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  return {
    url: `${PG_URL}?schema=${schema}`,
    schema,
    reset: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`),
    drop: () => admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`),
    sql: (text) => admin(`SET search_path = ${schema}; ${text}`),
  }
}

export function pgSubject(db: ReturnType<typeof pgSchema>): () => Promise<RunStoreSubject> {
  return async () => {
    await db.reset()
    return {
      open: (options) => openRunStore(db.url, options),
      writeSchemaVersion: (version) => db.sql(`UPDATE isocode_schema SET version = ${Number(version)} WHERE id = 1`),
    }
  }
}
