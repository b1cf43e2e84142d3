// A program that searches with a catastrophic-backtracking pattern does not hold the host: another
// run started meanwhile is answered well inside the searching run's wall budget, the search run
// ends inside it too, and the search result is right.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootApp } from '../src/app.ts'
import type { CliApp } from '../src/app.ts'
import type { ToolExecutionResult } from '@isocode/registry'
import { afterAll, beforeAll, expect, it } from 'vitest'

let dir = ''
let app: CliApp
const BUDGET_MS = 3_000

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-redos-')))
  // why: each "a…a!" line costs a backtracking engine 2^26 steps, seconds in one synchronous
  // stretch on any machine (three of them: several budgets); RE2 needs microseconds.
  const lines = [...Array.from({ length: 3 }, () => `${'a'.repeat(26)}!`), 'a'.repeat(26), 'no match here', 'aaaaa']
  await writeFile(join(dir, 'haystack.txt'), lines.join('\n'))
  await writeFile(join(dir, 'small.md'), 'small\n')
  app = await bootApp({
    root: dir,
    mcp: [],
    tools: undefined,
    workspace: false,
    mode: 'code',
    isolation: 'isolate',
    poolSize: 2,
    budgets: { cpuMs: BUDGET_MS, wallMs: BUDGET_MS },
    // why: the timings here are the host's; the check's first start is not what is measured.
    check: false,
    log: () => {},
  })
})
afterAll(async () => {
  await app.dispose()
  await rm(dir, { recursive: true, force: true })
})

it('a ReDoS pattern in search_text: another run is answered and the search ends within the budget, with the right lines', async () => {
  const started = performance.now()
  let otherDone: Promise<{ result: ToolExecutionResult; ms: number }> | undefined
  app.root.on('tools/execute', async (exec, next) => {
    // why: the other run starts once the search has begun, so it competes with it for the host.
    if (exec.name === 'search_text') {
      const code = 'return (await tools.read_file({ path: "small.md" })).trim()'
      otherDone = app.root.tools
        .execute({ callId: 'other', name: 'run_code', arguments: { code, description: 'other' } })
        .then((result) => ({ result, ms: performance.now() - started }))
    }
    return next()
  })
  const redos = await app.root.tools.execute({
    callId: 'redos',
    name: 'run_code',
    arguments: {
      code: 'const found = await tools.search_text({ pattern: "^(a+)+$", regex: true })\nreturn found.matches.map((m) => m.line).join(",")',
      description: 'redos',
    },
  })
  const searchMs = performance.now() - started
  expect(redos).toMatchObject({ isError: false, content: [{ type: 'text', text: '4,6' }] })
  // why: a blocked host answers neither before the block ends, several budgets later; the
  // linear search takes microseconds, so the budget itself is the generous margin.
  expect(searchMs).toBeLessThan(BUDGET_MS)
  const other = await otherDone
  expect(other?.result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'small' }] })
  expect(other?.ms).toBeLessThan(BUDGET_MS)
})
