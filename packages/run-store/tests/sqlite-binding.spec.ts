// The embedded store's binding: node:sqlite where the Node line has it unflagged, better-sqlite3
// elsewhere (Node 20), in WAL mode either way.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openSqlite } from '../src/sqlite/sqlite-driver.ts'

const dir = await mkdtemp(join(tmpdir(), 'run-store-sqlite-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
const unflagged = major > 23 || (major === 23 && minor >= 4) || (major === 22 && minor >= 13)

it(`uses ${unflagged ? 'node:sqlite' : 'better-sqlite3'} on Node ${process.versions.node}, in WAL mode`, async () => {
  const path = join(dir, 'wal.db')
  const driver = await openSqlite(path, `file:${path}`)
  try {
    expect(driver.binding).toBe(unflagged ? 'node:sqlite' : 'better-sqlite3')
    expect(await driver.all('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }])
  } finally {
    await driver.close()
  }
})
