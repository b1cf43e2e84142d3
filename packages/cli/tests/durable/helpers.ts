// Shared by the durable-runs specs of the CLI: the built `isocode` as a subprocess in a scratch
// folder, a tools module whose calls are counted in files, and a program with one gated call.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const bin = join(here, '..', '..', 'bin', 'isocode.mjs')

/** What one `isocode` process did. */
export interface Outcome {
  code: number
  stdout: string
  stderr: string
}

/** Run the built CLI in `cwd` (stdin not a terminal, so a pause is handed over, R-142). */
export function isocode(cwd: string, args: readonly string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
    })
  })
}

// why: plain JavaScript, so the built CLI loads it without a TypeScript loader; each call appends a
// line to a file beside the module, so a test counts how often a tool really ran, across processes.
const TOOLS = `import { appendFileSync } from 'node:fs'
const count = (name, line) => appendFileSync(new URL('./' + name + '.log', import.meta.url), line + '\\n')
const object = (properties, required) => ({ type: 'object', properties, required, additionalProperties: false })
export default [
  {
    name: 'lookup',
    description: 'The address of a person.',
    parameters: object({ who: { type: 'string' } }, ['who']),
    execute: async ({ who }) => (count('lookup', who), [{ type: 'text', text: who + '@example.com' }]),
  },
  {
    name: 'send_email',
    description: 'Send an email.',
    parameters: object({ to: { type: 'string' }, body: { type: 'string' } }, ['to', 'body']),
    execute: async ({ to }) => (count('send_email', to), [{ type: 'text', text: 'sent to ' + to }]),
  },
]
`

/** The program: one free call, then one gated call (line 2), then a return. */
export const PROGRAM = `const to = await tools.lookup({ who: 'ada' })
const sent = await tools.send_email({ to, body: 'hello' })
return { sent }
`

/** A scratch folder with `tools.mjs` and `send.ts`. */
export async function scratch(prefix: string): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), prefix)))
  await writeFile(join(dir, 'tools.mjs'), TOOLS)
  await writeFile(join(dir, 'send.ts'), PROGRAM)
  return dir
}

/** How many times the tool `name` really ran in `dir`. */
export async function ran(dir: string, name: string): Promise<number> {
  const text = await readFile(join(dir, `${name}.log`), 'utf8').catch(() => '')
  return text.split('\n').filter((line) => line !== '').length
}

/** The run id and the `isocode runs approve` command a paused `run` printed. */
export function handedOver(stderr: string): { runId: string; approve: string[]; reject: string[] } {
  const runId = /^run id: (\S+)$/m.exec(stderr)?.[1]
  const approve = /^ {2}isocode runs approve (.+)$/m.exec(stderr)?.[1]
  const reject = /^ {2}isocode runs reject (.+) \[--reason "…"\]$/m.exec(stderr)?.[1]
  if (runId === undefined || approve === undefined || reject === undefined)
    throw new Error(`no run id and commands in:\n${stderr}`)
  // why: the test's flags hold no spaces or quotes, so the printed words split on spaces.
  return {
    runId,
    approve: ['runs', 'approve', ...approve.split(' ')],
    reject: ['runs', 'reject', ...reject.split(' ')],
  }
}
