// openRunStore: one URL form, and every failure at open time with a clear error.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MemoryRunStore } from '../src/memory/memory-store.ts'
import { openRunStore } from '../src/open.ts'

const dir = await mkdtemp(join(tmpdir(), 'run-store-open-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('openRunStore', () => {
  it('opens memory: by default and hands a RunStore object back as it is', async () => {
    const store = await openRunStore()
    expect(store.url).toBe('memory:')
    await store.createRun({ id: 'r', code: '', holder: 'h' })
    expect(await (await openRunStore('memory:')).getRun('r')).toBeUndefined()
    const mine = new MemoryRunStore()
    expect(await openRunStore(mine)).toBe(mine)
  })

  it('refuses an object that is not a RunStore, naming what it lacks', async () => {
    await expect(openRunStore({ createRun() {} } as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('getRun'),
    })
  })

  it.each([
    ['not a url', 'INVALID_URL'],
    ['', 'INVALID_URL'],
    ['file:', 'INVALID_URL'],
    ['file://host/share/runs.db', 'INVALID_URL'],
    ['postgres://[bad', 'INVALID_URL'],
    ['postgres://u@127.0.0.1/test?schema=no-dashes', 'INVALID_URL'],
    ['postgres://u@127.0.0.1/test?schema=Upper', 'INVALID_URL'],
    ['redis://127.0.0.1:6379', 'UNKNOWN_SCHEME'],
    ['sqlite:runs.db', 'UNKNOWN_SCHEME'],
  ])('refuses %j with %s', async (url, code) => {
    await expect(openRunStore(url)).rejects.toMatchObject({ code })
  })

  it('fails at open for a path that cannot be opened, naming it', async () => {
    const missing = `file:${join(dir, 'no', 'such', 'folder', 'runs.db')}`
    await expect(openRunStore(missing)).rejects.toMatchObject({
      code: 'OPEN_FAILED',
      message: expect.stringContaining(missing),
    })
    await expect(openRunStore(`file:${dir}`)).rejects.toMatchObject({ code: 'OPEN_FAILED' })
    const text = join(dir, 'notes.txt')
    await writeFile(text, 'this is not a database, it is a text file long enough to have a header page'.repeat(20))
    await expect(openRunStore(`file:${text}`)).rejects.toMatchObject({ code: 'OPEN_FAILED' })
  })

  it('opens a relative file: path and a file:// URL to the same file', async () => {
    const path = join(dir, 'same.db')
    const a = await openRunStore(`file:${path}`)
    await a.createRun({ id: 'r', code: 'x', holder: 'h' })
    await a.close()
    const b = await openRunStore(`file://${path}`)
    expect((await b.getRun('r'))?.code).toBe('x')
    await b.close()
  })

  it('fails at open for a PostgreSQL server that does not answer, naming the URL without its password', async () => {
    const error = await openRunStore('postgres://admin:s3cret@127.0.0.1:1/test').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'OPEN_FAILED' })
    expect((error as Error).message).toContain('postgres://admin:***@127.0.0.1:1/test')
    expect((error as Error).message).not.toContain('s3cret')
  })

  it('refuses options that are not positive integers, naming the option', async () => {
    await expect(openRunStore('memory:', { leaseMs: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('leaseMs'),
    })
    await expect(openRunStore('memory:', { keepFinshed: 3 } as never)).rejects.toMatchObject({
      message: expect.stringContaining('keepFinshed'),
    })
  })
})
