// `isocode run` on a `file:` store sees the programs saved in it and keeps state in it: a
// program saved by another process is callable with its input checked, and state one `run`
// process sets is read by the next.
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createCodeMode } from 'isocode'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isocode, scratch } from '../durable/helpers.ts'

// why: the save waits for the checker's TypeScript to start; the timeout only guards against a hang.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 })

let dir = ''
const store = ['--store', 'file:runs.db']

beforeAll(async () => {
  dir = await scratch('isocode-programs-run-')
  const cm = await createCodeMode({ isolation: 'isolate', store: `file:${join(dir, 'runs.db')}` })
  try {
    await cm.programs.save(
      'double',
      { code: 'return { doubled: input.n * 2 }' },
      { description: 'Doubles n.', input: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } },
    )
  } finally {
    await cm.close()
  }
  await writeFile(join(dir, 'call.ts'), 'return await programs.double({ n: 21 })\n')
  await writeFile(join(dir, 'bad.ts'), "const n: any = 'x'\nreturn await programs.double({ n })\n")
  await writeFile(join(dir, 'set.ts'), "await state.set('seen', { n: 7 })\nreturn 'set'\n")
  await writeFile(join(dir, 'get.ts'), "return { seen: await state.get('seen'), keys: await state.keys() }\n")
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the CLI on a store with saved programs', () => {
  it('isocode run calls it, and its run sees the typed declaration (a wrong input is refused)', async () => {
    const out = await isocode(dir, ['run', 'call.ts', '--json', ...store])
    expect(out.code).toBe(0)
    expect(JSON.parse(out.stdout)).toMatchObject({ ok: true, value: { doubled: 42 } })
    const bad = await isocode(dir, ['run', 'bad.ts', '--json', ...store])
    expect(bad.code).not.toBe(0)
    expect(bad.stdout).toContain('programs.double: input refused by its schema')
  })

  it('isocode sdk --store declares the saved program as its runs see it; without --store it is absent', async () => {
    const withStore = await isocode(dir, ['sdk', ...store])
    expect(withStore.code).toBe(0)
    expect(withStore.stdout).toMatch(/double\(input: \{[^}]*n: number/)
    const without = await isocode(dir, ['sdk'])
    expect(without.code).toBe(0)
    expect(without.stdout).not.toContain('double(')
  })

  it('state set by one run process is read by the next', async () => {
    const set = await isocode(dir, ['run', 'set.ts', ...store])
    expect(set.code).toBe(0)
    const got = await isocode(dir, ['run', 'get.ts', '--json', ...store])
    expect(got.code).toBe(0)
    expect(JSON.parse(got.stdout).value).toEqual({ seen: { n: 7 }, keys: ['seen'] })
  })
})
