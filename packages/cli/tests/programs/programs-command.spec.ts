// `isocode programs list | save | show | rm` on a `file:` store: saving checks the program
// against the tools of the flags, a bad flag or a refusal names the flag or field and saves
// nothing, and `isocode run` on the store calls what was saved.
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isocode, ran, scratch } from '../durable/helpers.ts'

// why: saving waits for the checker's TypeScript to start; the timeout only guards against a hang.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

let dir = ''
const flags = ['--tools', 'tools.mjs', '--store', 'file:runs.db']

beforeAll(async () => {
  dir = await scratch('isocode-programs-cmd-')
  await writeFile(join(dir, 'find.ts'), 'const address = await tools.lookup({ who: input.who })\nreturn { address }\n')
  await writeFile(join(dir, 'typo.ts'), "return await tools.lokup({ who: 'ada' })\n")
  await writeFile(
    join(dir, 'find.schema.json'),
    JSON.stringify({ type: 'object', properties: { who: { type: 'string' } }, required: ['who'] }),
  )
  await writeFile(join(dir, 'bad.schema.json'), '{ not json')
  await writeFile(join(dir, 'call.ts'), "return await programs.find({ who: 'grace' })\n")
  await writeFile(join(dir, 'recorded.ts'), "return 'from a run'\n")
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('isocode programs', () => {
  it('saves from --code with an --input schema, lists, shows, and run calls it', async () => {
    const saved = await isocode(dir, [
      'programs',
      'save',
      'find',
      '--code',
      'find.ts',
      '--description',
      'The address of one person.',
      '--input',
      'find.schema.json',
      ...flags,
    ])
    expect(saved.stderr).toBe('')
    expect(saved.stdout).toBe('programs.find saved (v1)\n')
    expect(saved.code).toBe(0)

    const listed = await isocode(dir, ['programs', 'list', '--json', ...flags])
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { name: 'find', version: 1, description: 'The address of one person.' },
    ])

    const shown = await isocode(dir, ['programs', 'show', 'find', ...flags])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('programs.find v1: The address of one person.\n')
    expect(shown.stdout).toContain('  tools: tools.lookup\n')
    expect(shown.stdout).toContain('const address = await tools.lookup({ who: input.who })')

    const called = await isocode(dir, ['run', 'call.ts', '--json', ...flags])
    expect(called.code).toBe(0)
    expect(JSON.parse(called.stdout)).toMatchObject({ ok: true, value: { address: 'grace@example.com' } })
    expect(await ran(dir, 'lookup')).toBe(1)
  })

  it('saves the program of a recorded run with --run', async () => {
    const run = await isocode(dir, ['run', 'recorded.ts', ...flags])
    expect(run.code).toBe(0)
    const runId = /run (\S+) completed/.exec(run.stderr)?.[1]
    expect(runId).toBeDefined()
    const saved = await isocode(dir, [
      'programs',
      'save',
      'fromRun',
      '--run',
      runId as string,
      '--description',
      'Says where it came from.',
      ...flags,
    ])
    expect(saved.stderr).toBe('')
    expect(saved.code).toBe(0)
    const shown = await isocode(dir, ['programs', 'show', 'fromRun', '--json', ...flags])
    expect(JSON.parse(shown.stdout)).toMatchObject({ name: 'fromRun', code: "return 'from a run'\n" })
  })

  it.each([
    [['save', 'x', '--description', 'd'], '--code <file>'],
    [['save', 'x', '--code', 'find.ts'], '--description <text>'],
    [['save', 'x', '--code', 'find.ts', '--run', 'r', '--description', 'd'], 'one of --code <file>'],
    [['show'], 'takes one program name'],
    [['list', '--description', 'd'], 'apply to save only'],
    [['rename', 'x'], 'unknown action "rename"'],
  ])('refuses %j naming the flag, exit 1', async (args, message) => {
    const out = await isocode(dir, ['programs', ...args, ...flags])
    expect(out.code).toBe(1)
    expect(out.stderr).toContain(message)
  })

  it('refuses a missing --store', async () => {
    const out = await isocode(dir, ['programs', 'list'])
    expect(out.code).toBe(1)
    expect(out.stderr).toContain('isocode programs needs --store <url>')
  })

  it.each([
    [['save', '1bad', '--code', 'find.ts', '--description', 'd'], 'is not an identifier'],
    [['save', 'lookup', '--code', 'find.ts', '--description', 'd'], "is a tool's name"],
    [['save', 'typo', '--code', 'typo.ts', '--description', 'd'], 'lokup'],
    [
      ['save', 'x', '--code', 'find.ts', '--description', 'd', '--input', 'bad.schema.json'],
      '--input bad.schema.json is not JSON',
    ],
    [['save', 'x', '--code', 'missing.ts', '--description', 'd'], '--code missing.ts'],
    [['save', 'x', '--run', 'no-such-run', '--description', 'd'], '--run: no run "no-such-run"'],
    [['show', 'nothing'], 'no saved program "nothing"'],
    [['rm', 'nothing'], 'no saved program "nothing"'],
  ])('refuses %j with exit 1 and saves nothing', async (args, message) => {
    const out = await isocode(dir, ['programs', ...args, ...flags])
    expect(out.code).toBe(1)
    expect(out.stderr).toContain(message)
    const listed = await isocode(dir, ['programs', 'list', '--json', ...flags])
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((p) => p.name).toSorted()).toEqual(['find', 'fromRun'])
  })

  it('rm removes a program; run then fails to call it', async () => {
    const removed = await isocode(dir, ['programs', 'rm', 'find', ...flags])
    expect(removed.stdout).toBe('programs.find removed\n')
    expect(removed.code).toBe(0)
    const listed = await isocode(dir, ['programs', 'list', ...flags])
    expect(listed.stdout).toContain('fromRun  v1  Says where it came from.')
    expect(listed.stdout).not.toContain('find')
    const called = await isocode(dir, ['run', 'call.ts', '--json', ...flags])
    expect(called.code).not.toBe(0)
  })
})
