// `isocode run` of a program waiting on a tool that never settles: the wall budget ends the run as
// timeout and the command returns (R-63, RT-24), on the default process isolation.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCommand } from '../src/commands.ts'
import type { Io } from '../src/io.ts'

let dir = ''

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-never-')))
  await writeFile(
    join(dir, 'tools.mjs'),
    `export default [
  { name: 'never', description: 'Never answers.', parameters: { type: 'object' }, execute: (_args, exec) => {
    globalThis.neverSignal = exec.signal
    return new Promise(() => {})
  } },
]\n`,
  )
  await writeFile(join(dir, 'never.ts'), 'console.log("before")\nreturn await tools.never({})\n')
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

it('ends as timeout at the wall budget, reports it, and the tool saw its signal fire', async () => {
  const io: Io & { stdout: string; stderr: string } = {
    stdout: '',
    stderr: '',
    out: (text: string) => void (io.stdout += text),
    err: (text: string) => void (io.stderr += text),
    live: { tty: false, write: () => undefined },
  }
  const code = await runCommand(io, {
    mcp: [],
    tools: join(dir, 'tools.mjs'),
    workspace: false,
    root: dir,
    program: join(dir, 'never.ts'),
    budgets: { cpuMs: 500, wallMs: 1000 },
    isolation: 'process',
    json: false,
  })
  expect(code).toBe(1)
  expect(io.stdout).toContain('── failed (timeout)')
  expect(io.stdout).toContain('while waiting on tools.never (at 2:20)')
  expect((globalThis as { neverSignal?: AbortSignal }).neverSignal?.aborted).toBe(true)
})
