// on the embedded store a call is written ahead to a file before it is dispatched, and its
// row and its result share a later commit. A process killed right after a result loses only that
// result (the call stays started, never done: R-112 re-runs or reviews it); what it wrote ahead is
// applied by the next connection that opens the store, claims or reads the run; a live process's
// file is left alone; and another connection of the same process sees every result at once.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openRunStore } from '../src/open.ts'
import { aheadLine } from '../src/sql/ahead-lines.ts'
import { holdWriteLock } from './held-writer.ts'

const here = dirname(fileURLToPath(import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
let dir: string
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'run-store-group-'))))
afterAll(() => rm(dir, { recursive: true, force: true }))

type Store = Awaited<ReturnType<typeof openRunStore>>

/** Two connections of this process to a new `file:` store named `file`, both closed once `use` settles. */
async function twoConnections(file: string, use: (first: Store, second: Store) => Promise<void>): Promise<void> {
  const url = `file:${join(dir, file)}`
  const first = await openRunStore(url)
  const second = await openRunStore(url)
  try {
    await use(first, second)
  } finally {
    await second.close()
    await first.close()
  }
}

it('a process killed right after a result keeps every call written ahead and loses only that result', async () => {
  const url = `file:${join(dir, 'killed.db')}`
  const signal = await new Promise<string | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@isocode/source', '--import', tsx, join(here, 'fixtures', 'killed-after-done.ts'), url],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    child.on('error', reject)
    child.on('exit', (_code, killed) => resolve(killed))
  })
  expect(signal).toBe('SIGKILL')
  const store = await openRunStore(url)
  try {
    const calls = await store.listCalls('killed')
    // why: call 2's start committed call 1's result with it; call 2's own result died with the process.
    expect(calls.map((c) => [c.seq, c.state, c.result])).toEqual([
      [1, 'done', 'one'],
      [2, 'started', undefined],
    ])
  } finally {
    await store.close()
  }
})

/** Runs a fixture with the store URL (and more arguments) until it is killed; resolves to its signal. */
function runFixture(name: string, ...args: string[]): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@isocode/source', '--import', tsx, join(here, 'fixtures', name), ...args],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (_code, killed) => (killed === null ? reject(new Error(err)) : resolve(killed)))
  })
}

it('a file written over from its start keeps the order of what a killed process never committed', async () => {
  const path = join(dir, 'reused.db')
  const calls = 1200
  expect(await runFixture('killed-after-reuse.ts', `file:${path}`, String(calls))).toBe('SIGKILL')
  // why: about 480 bytes a call were written ahead; the file left behind holds far fewer, so it was reused.
  const [left] = await readdir(`${path}-ahead`)
  expect((await stat(join(`${path}-ahead`, left!))).size).toBeLessThan(calls * 300)
  const store = await openRunStore(`file:${path}`)
  try {
    const listed = await store.listCalls('reused')
    expect(listed).toHaveLength(calls + 1)
    expect(listed.slice(0, calls).every((c, i) => c.state === 'done' && c.result === i + 1)).toBe(true)
    expect(listed[calls]).toMatchObject({ seq: calls + 1, state: 'started' })
    // why: applied once, the dead process's file is gone.
    expect(await readdir(`${path}-ahead`)).toEqual([])
    await store.close()
    // why: the last connection to close leaves no folder behind.
    await expect(stat(`${path}-ahead`)).rejects.toThrow(/ENOENT/)
  } finally {
    await store.close()
  }
})

it("a reader leaves a live process's file alone and applies it once that process is gone", async () => {
  const path = join(dir, 'held.db')
  const url = `file:${path}`
  // why: opened first: a writer holding SQLite's write lock would keep a new store from setting up.
  const reader = await openRunStore(url)
  const writer = await holdWriteLock(url)
  try {
    // why: the writer lives and holds its calls uncommitted; its file is not this reader's to apply.
    expect(await reader.listCalls('held')).toEqual([])
    expect(await readdir(`${path}-ahead`)).toHaveLength(1)
    await writer.kill()
    expect((await reader.listCalls('held')).map((c) => [c.seq, c.state, c.result])).toEqual([
      [1, 'done', 'one'],
      [2, 'started', undefined],
    ])
    expect(await readdir(`${path}-ahead`)).toEqual([])
  } finally {
    await writer.kill()
    await reader.close()
  }
})

it("applies a file of this process's pid that no connection of it wrote (a pid reused after a restart)", async () => {
  const path = join(dir, 'reused-pid.db')
  const setup = await openRunStore(`file:${path}`)
  await setup.createRun({ id: 'r', code: 'x', holder: 'h' })
  await setup.close()
  const started = aheadLine('started', ['r', 1, 'a', '{"n":1}', null, 3, 7, 10, 10, 'r'])
  const done = aheadLine('done', ['"one"', null, 11, 'r', 1])
  await mkdir(`${path}-ahead`)
  // why: this pid with another start time: a process before a restart. The parent's pid with no
  // start time is checked as running, and its file is left alone.
  await writeFile(join(`${path}-ahead`, `${process.pid}-1-0badcafe.log`), started + done)
  await writeFile(
    join(`${path}-ahead`, `${process.ppid}--0123abcd.log`),
    aheadLine('started', ['r', 2, 'b', '{}', null, null, null, 12, 12, 'r']),
  )
  const store = await openRunStore(`file:${path}`)
  try {
    expect((await store.listCalls('r')).map((c) => [c.seq, c.state, c.result, c.args, c.position])).toEqual([
      [1, 'done', 'one', { n: 1 }, { line: 3, column: 7 }],
    ])
    expect(await readdir(`${path}-ahead`)).toEqual([`${process.ppid}--0123abcd.log`])
  } finally {
    await store.close()
  }
})

it('another connection of the same process sees a result at once', async () => {
  await twoConnections('shared.db', async (writer, reader) => {
    await writer.createRun({ id: 'r', code: 'x', holder: 'h' })
    await writer.callStarted('r', { seq: 1, tool: 'a', args: {} }, 'h')
    await writer.callDone('r', 1, { result: 'one' })
    expect((await reader.listCalls('r')).map((c) => [c.state, c.result])).toEqual([['done', 'one']])
    // why: the writer goes on after the reader took its turn.
    await writer.callStarted('r', { seq: 2, tool: 'b', args: {} }, 'h')
    expect((await reader.listCalls('r')).map((c) => c.state)).toEqual(['done', 'started'])
  })
})

it('a call written ahead in a group is refused once another connection ended the run', async () => {
  await twoConnections('ended.db', async (writer, other) => {
    await writer.createRun({ id: 'r', code: 'x', holder: 'h' })
    await writer.callStarted('r', { seq: 1, tool: 'a', args: {} }, 'h')
    await writer.callDone('r', 1, { result: 'one' })
    await writer.callStarted('r', { seq: 2, tool: 'a', args: {} }, 'h')
    expect((await other.updateRun('r', { status: 'cancelled' })).ok).toBe(true)
    // why: what the writer's group knew of the run ended with its commit; the next call is checked.
    await expect(writer.callStarted('r', { seq: 3, tool: 'a', args: {} }, 'h')).rejects.toMatchObject({
      code: 'CLAIM_LOST',
    })
    expect((await other.listCalls('r')).map((c) => [c.seq, c.state])).toEqual([
      [1, 'done'],
      [2, 'started'],
    ])
  })
})

it("a call's result joins its row while the group still holds the row's write, and is recorded after a read ran it", async () => {
  await twoConnections('amended.db', async (store, other) => {
    await store.createRun({ id: 'r', code: 'x', holder: 'h' })
    // why: call 1 teaches the group that the run is held; calls 2 and 3 are queued as rows.
    await store.callStarted('r', { seq: 1, tool: 'a', args: {} }, 'h')
    await store.callStarted('r', { seq: 2, tool: 'a', args: { n: 2 } }, 'h')
    await store.callDone('r', 2, { result: 'two' })
    await store.callStarted('r', { seq: 3, tool: 'a', args: { n: 3 } }, 'h')
    // why: a read runs the queued row of call 3 before its result comes.
    expect((await store.listCalls('r')).map((c) => [c.seq, c.state, c.result])).toEqual([
      [1, 'started', undefined],
      [2, 'done', 'two'],
      [3, 'started', undefined],
    ])
    await store.callDone('r', 3, { error: { code: 'EIO' } })
    await store.callDone('r', 1, { result: 'one' })
    const calls = await other.listCalls('r')
    expect(calls.map((c) => [c.seq, c.state, c.result, c.error, c.args])).toEqual([
      [1, 'done', 'one', undefined, {}],
      [2, 'done', 'two', undefined, { n: 2 }],
      [3, 'done', undefined, { code: 'EIO' }, { n: 3 }],
    ])
    expect(calls.every((c) => c.doneAt !== undefined && c.startedAt !== undefined)).toBe(true)
  })
})

it("two runs' calls interleaved in one group each keep their own rows and outcomes", async () => {
  await twoConnections('interleaved.db', async (store, other) => {
    await store.createRun({ id: 'a', code: 'x', holder: 'ha' })
    await store.createRun({ id: 'b', code: 'x', holder: 'hb' })
    for (let seq = 1; seq <= 20; seq++) {
      await store.callStarted('a', { seq, tool: 't', args: { run: 'a', seq } }, 'ha')
      await store.callStarted('b', { seq, tool: 't', args: { run: 'b', seq } }, 'hb')
      // why: b's outcome comes first on odd calls, so each run's row takes its own outcome in either order.
      const order = seq % 2 === 0 ? ['a', 'b'] : ['b', 'a']
      for (const id of order) await store.callDone(id, seq, { result: `${id}${seq}` })
    }
    for (const id of ['a', 'b']) {
      const calls = await other.listCalls(id)
      expect(calls.map((c) => [c.seq, c.state, c.result, c.args])).toEqual(
        Array.from({ length: 20 }, (_, i) => [i + 1, 'done', `${id}${i + 1}`, { run: id, seq: i + 1 }]),
      )
    }
  })
})
