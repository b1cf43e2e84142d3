// One crash-prone scenario: `isocode run` with no flags survives the Map bomb (isolated-vm
// #457/#527 abort the whole process that hosts the isolate). In-process, so if the default ever
// hosts the isolate here again, this fork dies and the file fails.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseCommandLine } from '../../src/args.ts'
import { runCommand } from '../../src/commands.ts'
import { afterAll, expect, it } from 'vitest'

let dir = ''
afterAll(async () => rm(dir, { recursive: true, force: true }))

it('isocode run, default flags: the Map bomb ends the run with memory and isocode lives on', async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-safe-run-')))
  await writeFile(join(dir, 'bomb.ts'), 'const m = new Map(); for (let i = 0;; i++) m.set(i, { i })\n')
  const parsed = parseCommandLine(['run', join(dir, 'bomb.ts'), '--root', dir])
  if (parsed.command !== 'run') throw new Error('expected the run command')
  expect(parsed.isolation).toBe('process')
  let stdout = ''
  let stderr = ''
  const code = await runCommand({ out: (text) => void (stdout += text), err: (text) => void (stderr += text) }, parsed)
  expect({ code, stderr }).toEqual({ code: 1, stderr: '' })
  expect(stdout).toContain('── failed (memory)')
  expect(stdout).toContain('runtime process (an isolate in a supervised child process)')
  // why: still alive and able to run a healthy program with the same defaults.
  await writeFile(join(dir, 'fine.ts'), 'return 6 * 7\n')
  const again = parseCommandLine(['run', join(dir, 'fine.ts'), '--root', dir])
  if (again.command !== 'run') throw new Error('expected the run command')
  let out = ''
  expect(await runCommand({ out: (text) => void (out += text), err: () => {} }, again)).toBe(0)
  expect(out).toContain('42')
}, 60_000)
