import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { workspaceTools } from '@isocode/cli'
import type { JsonObject, ToolDefinition, ToolExecution } from '@isocode/registry'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let dir = ''
let outside = ''
let tools: Record<string, ToolDefinition> = {}
const call = (name: string, args: JsonObject) => (tools[name] as ToolDefinition).execute(args, {} as ToolExecution)

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-ws-')))
  outside = await realpath(await mkdtemp(join(tmpdir(), 'isocode-outside-')))
  await mkdir(join(dir, 'src'))
  await mkdir(join(dir, 'node_modules'))
  await writeFile(join(dir, 'README.md'), '# Title\nhello world\n')
  await writeFile(join(dir, 'src', 'a.ts'), 'export const a = 1 // Hello\n')
  await writeFile(join(dir, 'node_modules', 'x.js'), 'hello from a dependency\n')
  await writeFile(join(outside, 'secret.txt'), 'top secret\n')
  await symlink(join(outside, 'secret.txt'), join(dir, 'link.txt'))
  tools = Object.fromEntries((await workspaceTools(dir)).map((tool) => [tool.name, tool]))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

describe('the workspace toolset', () => {
  it('declares output schemas for the typed tools only', () => {
    expect(Object.keys(tools)).toEqual(['list_files', 'read_file', 'search_text'])
    expect(tools.list_files?.outputSchema).toMatchObject({ required: ['files', 'truncated'] })
    expect(tools.read_file?.outputSchema).toBeUndefined()
  })

  it('lists files in name order, folders with a slash, skipping node_modules and symlinks', async () => {
    expect(await call('list_files', { recursive: true })).toMatchObject({
      structuredContent: { files: ['README.md', 'src/', 'src/a.ts'], truncated: false },
    })
    expect(await call('list_files', { limit: 1 })).toMatchObject({
      structuredContent: { files: ['README.md'], truncated: true },
    })
  })

  it('reads a file as text, truncating at maxBytes', async () => {
    expect(await call('read_file', { path: 'README.md' })).toEqual([{ type: 'text', text: '# Title\nhello world\n' }])
    expect(await call('read_file', { path: 'README.md', maxBytes: 7 })).toEqual([
      { type: 'text', text: '# Title\n[truncated: 13 more bytes]' },
    ])
  })

  it('a misspelled argument gets the same "did you mean" hint as a facade tool', async () => {
    await expect(call('read_file', { pth: 'README.md' })).rejects.toThrow(
      'invalid arguments for read_file:\n- args.pth: unknown property; did you mean args.path? (properties: path, maxBytes)\n- missing required property args.path',
    )
  })

  it('searches case-insensitively with line numbers', async () => {
    expect(await call('search_text', { pattern: 'HELLO' })).toMatchObject({
      structuredContent: {
        matches: [
          { path: 'README.md', line: 2, text: 'hello world' },
          { path: 'src/a.ts', line: 1, text: 'export const a = 1 // Hello' },
        ],
        truncated: false,
      },
    })
  })

  it('matches regular expressions in linear time: a catastrophic backtracking pattern is correct and prompt', async () => {
    // why: 30 a's and a "!" take a backtracking engine 2^30 steps (tens of seconds); RE2 a few microseconds.
    await writeFile(join(dir, 'src', 'as.txt'), `${'a'.repeat(30)}\n${'a'.repeat(30)}!\n${'a'.repeat(12)}\n`)
    expect(await call('search_text', { pattern: '^(a+)+$', path: 'src', regex: true })).toMatchObject({
      structuredContent: {
        matches: [
          { path: 'src/as.txt', line: 1 },
          { path: 'src/as.txt', line: 3 },
        ],
        truncated: false,
      },
    })
    // why: JavaScript syntax is translated (\u escapes, named groups) before RE2 compiles it.
    expect(await call('search_text', { pattern: '(?<kw>\\u0065xport) const', regex: true })).toMatchObject({
      structuredContent: { matches: [{ path: 'src/a.ts', line: 1 }] },
    })
  })

  it('stops a search whose run has ended with ABORTED, also in the middle of a file', async () => {
    const search = (tools.search_text as ToolDefinition).execute
    const ended = 'search_text stopped: the run that called it has ended'
    await expect(search({ pattern: 'hello' }, { signal: AbortSignal.abort() } as ToolExecution)).rejects.toThrow(ended)
    await mkdir(join(dir, 'big'))
    await writeFile(join(dir, 'big', 'lines.txt'), 'a line of text that is searched through\n'.repeat(20_000))
    // why: a signal that reads as aborted from its second look on: the search looks once before
    // the file, so only a search that checks again inside the file (after yielding) stops.
    let looks = 0
    const endsMidFile = {
      get aborted() {
        return ++looks > 1
      },
    } as AbortSignal
    await expect(
      search({ pattern: 'not in it', path: 'big', regex: true }, { signal: endsMidFile } as ToolExecution),
    ).rejects.toThrow(ended)
    expect(looks).toBe(2)
  })

  it('refuses a pattern whose RE2 program is too large', async () => {
    await expect(call('search_text', { pattern: '((a|b){100}){10}c', regex: true })).rejects.toThrow(
      'pattern compiles to 3023 instructions, more than 500',
    )
  })

  it.each([
    ['a backreference', '(a)\\1', 'a backreference "\\1".."\\9"'],
    ['a named backreference', '(?<x>a)\\k<x>', 'a named backreference "\\k<name>"'],
    ['a lookahead', 'a(?=b)', 'a lookahead "(?="'],
    ['a negative lookahead', 'a(?!b)', 'a negative lookahead "(?!"'],
    ['a lookbehind', '(?<=a)b', 'a lookbehind "(?<="'],
    ['a negative lookbehind', '(?<!a)b', 'a negative lookbehind "(?<!"'],
  ])('refuses %s in a regex, naming the construct', async (_case, pattern, construct) => {
    await expect(call('search_text', { pattern, regex: true })).rejects.toThrow(
      `pattern uses ${construct}, which the linear-time regular expression engine (RE2 syntax) does not support`,
    )
  })

  it('reads lookaround characters inside a class or escaped as plain characters', async () => {
    expect(await call('search_text', { pattern: '[(?=]|\\(\\?!', regex: true })).toMatchObject({
      structuredContent: { matches: [{ path: 'src/a.ts', line: 1 }], truncated: false },
    })
  })

  it.each([
    ['a parent path', 'read_file', { path: '../secret.txt' }, 'outside the workspace'],
    ['an absolute path elsewhere', 'read_file', { path: '/etc/hostname' }, 'outside the workspace'],
    ['a symlink leading out', 'read_file', { path: 'link.txt' }, 'outside the workspace'],
    ['a parent folder listing', 'list_files', { path: '..' }, 'outside the workspace'],
    ['a missing file', 'read_file', { path: 'nope.md' }, 'does not exist in the workspace'],
    ['a bad regex', 'search_text', { pattern: '(', regex: true }, 'not a valid regular expression'],
    ['a missing required argument', 'read_file', {}, 'invalid arguments for read_file'],
  ])('refuses %s', async (_case, name, args, message) => {
    await expect(call(name, args)).rejects.toThrow(message)
  })
})
