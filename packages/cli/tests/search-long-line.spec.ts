// A search over one very long line (a minified file) is matched in overlapping windows, so one
// synchronous match reads at most 16 KB (the host gets its turn between windows as between lines),
// and no match shorter than the overlap is lost at a window's edge.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootApp } from '../src/app.ts'
import type { CliApp } from '../src/app.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { lineWindows } from '../src/workspace-tools.ts'

let dir = ''
let app: CliApp

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-long-line-')))
  // why: 999,000 characters on one line, with "needle" only at its very end.
  await writeFile(join(dir, 'minified.js'), `${'x'.repeat(999_000)}needle\n`)
  app = await bootApp({
    root: dir,
    mcp: [],
    tools: undefined,
    workspace: false,
    mode: 'code',
    isolation: 'isolate',
    poolSize: 1,
    budgets: { cpuMs: 30_000, wallMs: 30_000 },
    log: () => {},
  })
})
afterAll(async () => {
  await app.dispose()
  await rm(dir, { recursive: true, force: true })
})

it('windows overlap so that every stretch of up to 1 KB lies whole in one window', () => {
  const line = Array.from({ length: 50_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('')
  const windows = [...lineWindows(line)]
  expect(windows.length).toBeGreaterThan(2)
  expect(windows.every((window) => window.length <= 16_384)).toBe(true)
  // why: rebuild the line from the windows minus their overlaps: nothing is skipped or reordered.
  expect(windows.map((window, i) => (i === 0 ? window : window.slice(1_024))).join('')).toBe(line)
  for (let start = 0; start + 1_024 <= line.length; start += 997) {
    const stretch = line.slice(start, start + 1_024)
    expect(windows.some((window) => window.includes(stretch))).toBe(true)
  }
  expect([...lineWindows('short')]).toEqual(['short'])
})

it('search_text finds a match at the far end of a 1 MB line and one that straddles a window edge', async () => {
  await writeFile(join(dir, 'edge.js'), `${'y'.repeat(16_384 - 3)}needle${'y'.repeat(40_000)}\n`)
  const result = await app.root.tools.execute({
    callId: 'long-line',
    name: 'search_text',
    arguments: { pattern: '[a-z]{1,150}needle', regex: true },
  })
  expect(result.structuredContent).toMatchObject({
    matches: [
      { path: 'edge.js', line: 1 },
      { path: 'minified.js', line: 1 },
    ],
    truncated: false,
  })
})
