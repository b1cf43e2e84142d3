// on the embedded store a call's result shares the commit of the next write. A call
// written ahead is always durable before it is dispatched; a process killed right after a result
// loses only that result (the call stays started, never done: R-112 re-runs or reviews it), and
// another connection of the same process sees every result at once.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openRunStore } from '../src/open.ts'

const here = dirname(fileURLToPath(import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
let dir: string
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'run-store-group-'))))
afterAll(() => rm(dir, { recursive: true, force: true }))

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

it('another connection of the same process sees a result at once', async () => {
  const url = `file:${join(dir, 'shared.db')}`
  const writer = await openRunStore(url)
  const reader = await openRunStore(url)
  try {
    await writer.createRun({ id: 'r', code: 'x', holder: 'h' })
    await writer.callStarted('r', { seq: 1, tool: 'a', args: {} }, 'h')
    await writer.callDone('r', 1, { result: 'one' })
    expect((await reader.listCalls('r')).map((c) => [c.state, c.result])).toEqual([['done', 'one']])
    // why: the writer goes on after the reader took its turn.
    await writer.callStarted('r', { seq: 2, tool: 'b', args: {} }, 'h')
    expect((await reader.listCalls('r')).map((c) => c.state)).toEqual(['done', 'started'])
  } finally {
    await reader.close()
    await writer.close()
  }
})
