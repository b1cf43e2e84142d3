// One crash-prone scenario: the app `isocode serve` boots with no flags survives the Map bomb sent
// through run_code (isolated-vm #457/#527 abort the whole process that hosts the isolate).
// In-process, so if the default ever hosts the isolate here again, this fork dies and the file fails.
import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootApp } from '../../src/app.ts'
import { parseCommandLine } from '../../src/args.ts'
import { afterAll, expect, it } from 'vitest'

let dir = ''
afterAll(async () => rm(dir, { recursive: true, force: true }))

it('isocode serve, default flags: run_code with the Map bomb is a memory failure and the server lives on', async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-safe-serve-')))
  const parsed = parseCommandLine(['serve', '--root', dir])
  if (parsed.command !== 'serve') throw new Error('expected the serve command')
  expect(parsed.isolation).toBe('process')
  // why: the same options serveCommand hands to bootApp; stdio stays the test runner's.
  const app = await bootApp({ ...parsed, log: () => {} })
  try {
    expect(app.isolation).toBe('process')
    const watch = app.watchRun('bomb')
    const bomb = await app.root.tools.execute({
      callId: 'bomb',
      name: 'run_code',
      arguments: { code: 'const m = new Map(); for (let i = 0;; i++) m.set(i, { i })', description: 'map bomb' },
    })
    expect(bomb.isError).toBe(true)
    expect(watch.take().run?.result.error?.kind).toBe('memory')
    const fine = await app.root.tools.execute({
      callId: 'fine',
      name: 'run_code',
      arguments: { code: 'return 6 * 7', description: 'answer' },
    })
    expect(fine).toMatchObject({ isError: false, content: [{ type: 'text', text: '42' }] })
  } finally {
    await app.dispose()
  }
}, 60_000)
