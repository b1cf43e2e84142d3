// What a long-lived app (`isocode serve`) keeps after its runs: nothing that grows with them. Each
// run reads a 1 MB file; the app used to keep every dispatch event with its full result text.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { bootApp } from '../src/app.ts'
import type { CliApp } from '../src/app.ts'
import type { RunJournal } from '../src/run-journal.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const heapMb = (): number => (gc(), process.memoryUsage().heapUsed / 1_048_576)

const MB = 1_000_000
const READ = 'const text = await tools.read_file({ path: "big.txt", maxBytes: 1000000 })\nreturn text.length'
let dir = ''
let app: CliApp
const run = (callId: string, code = READ) =>
  app.root.tools.execute({ callId, name: 'run_code', arguments: { code, description: 'read 1 MB' } })

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-bounded-')))
  await writeFile(join(dir, 'big.txt'), 'a'.repeat(MB))
  // why: in-process, so the heap measured here is the one that holds the app's state.
  app = await bootApp({
    root: dir,
    mcp: [],
    tools: undefined,
    workspace: false,
    mode: 'code',
    isolation: 'isolate',
    log: () => {},
  })
})
afterAll(async () => {
  await app.dispose()
  await rm(dir, { recursive: true, force: true })
})

describe('the state a booted app keeps', () => {
  it('does not grow with the number of runs: 30 runs of 1 MB results leave the heap after GC within 10 MB', async () => {
    for (let i = 0; i < 3; i++)
      expect(await run(`warm-${i}`)).toMatchObject({ isError: false, content: [{ text: String(MB) }] })
    const before = heapMb()
    for (let i = 0; i < 30; i++) expect((await run(`run-${i}`)).isError).toBe(false)
    // why: 30 retained results would be 30 MB or more; the margin absorbs JIT and allocator noise.
    expect(heapMb() - before).toBeLessThan(10)
  })

  it('keeps a watched run until its report is taken, and then nothing', async () => {
    const journal = app.root.get('session') as RunJournal
    const watch = app.watchRun('watched')
    const result = await run(
      'watched',
      `${READ.replace('return text.length', '')}\nawait tools.read_file({ path: "missing.txt" }).catch(() => 0)\nconsole.log("done")\nreturn text.length`,
    )
    expect(result.isError).toBe(false)
    expect(journal.watching).toBe(1)
    const { run: record, calls } = watch.take()
    expect(record?.result).toMatchObject({ logs: ['done'], value: MB })
    expect(calls).toMatchObject([
      { name: 'read_file', ok: true },
      { name: 'read_file', ok: false },
    ])
    expect(calls[0]?.ms).toBeGreaterThanOrEqual(0)
    expect(journal.watching).toBe(0)
  })
})
