// Bad input to cm.programs.save: each refusal is an IsocodeError naming the field and the
// fix, and nothing is saved (the list stays empty, the SDK text unchanged).
import { createCodeMode } from 'isocode'
import type { CodeMode } from 'isocode'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

// why: the first save waits for the checker's TypeScript to start and parse its lib files; on a
// loaded machine that is a while, and the timeout only guards against a hang.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let cm: CodeMode
let sdk: string

beforeAll(async () => {
  cm = await createCodeMode({
    isolation: 'isolate',
    tools: {
      search: {
        description: 'Search.',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
        execute: async () => 'hits',
      },
    },
  })
  sdk = cm.sdk
})
afterAll(() => cm.close())

const ok = { description: 'Does a thing.' }

it.each([
  [
    'a name that is not an identifier',
    'weekly-report',
    { code: 'return 1' },
    ok,
    'name "weekly-report" is not an identifier',
  ],
  ['a name starting with a digit', '1st', { code: 'return 1' }, ok, 'name "1st" is not an identifier'],
  ['a name a member of every object has', 'constructor', { code: 'return 1' }, ok, 'is not an identifier'],
  ["a tool's name", 'search', { code: 'return 1' }, ok, `name "search" is a tool's name`],
  ['code that does not parse', 'broken', { code: 'return (1 +' }, ok, 'code: '],
  [
    'code calling a tool that does not exist',
    'typo',
    { code: `return await tools.serch({ q: 'x' })` },
    ok,
    'tools.search',
  ],
  ['empty code', 'empty', { code: '  ' }, ok, 'code must be the program text'],
  ['no description', 'nodesc', { code: 'return 1' }, { description: '' }, 'description must be a non-empty string'],
  [
    'an input that is not a JSON Schema',
    'badin',
    { code: 'return 1' },
    { ...ok, input: { type: 'obj' } },
    'input is not a JSON Schema',
  ],
  [
    'an input with an unknown keyword',
    'badkw',
    { code: 'return 1' },
    { ...ok, input: { type: 'object', propertys: {} } },
    'input is not a JSON Schema',
  ],
  [
    'an input that is not an object',
    'badarr',
    { code: 'return 1' },
    { ...ok, input: [] },
    'input must be a JSON Schema object',
  ],
  ['both runId and code', 'both', { code: 'return 1', runId: 'r' }, ok, 'exactly one of them'],
  ['neither runId nor code', 'neither', {}, ok, 'source must be { runId }'],
])('refuses %s, naming the field, and saves nothing', async (_, name, source, options, text) => {
  const saving = cm.programs.save(name, source as never, options as never)
  await expect(saving).rejects.toMatchObject({ name: 'IsocodeError', code: 'INVALID_PROGRAM' })
  await expect(saving).rejects.toThrow(text)
  expect(await cm.programs.list()).toEqual([])
  expect(cm.sdk).toBe(sdk)
})

it('refuses a syntax error with its line and column', async () => {
  await expect(cm.programs.save('broken', { code: 'const a = 1\nreturn (a +' }, ok)).rejects.toThrow(/code: .*2:\d+/s)
})

it('refuses a runId the store does not have', async () => {
  await expect(cm.programs.save('fromRun', { runId: 'no-such-run' }, ok)).rejects.toMatchObject({
    code: 'RUN_NOT_FOUND',
    message: expect.stringContaining('source.runId'),
  })
  expect(await cm.programs.list()).toEqual([])
})
