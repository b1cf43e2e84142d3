// A script run in a fresh `node` process against the built packages, as a user's program runs:
// inline (nothing else loads), its report the JSON line it prints, timed from the spawn.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const repo = fileURLToPath(new URL('../../', import.meta.url))

/** The built `isocode` entry (run `importBuiltIsolateRuntime()` first, which builds every package). */
export const BUILT_ISOCODE = pathToFileURL(join(repo, 'packages', 'isocode', 'dist', 'index.js')).href

/** What a fresh process reported: its first stdout line parsed, and when that line arrived. */
export interface FreshReport<T> {
  /** From just before the spawn to the first line arriving here, ms. */
  firstLineMs: number
  report: T
}

/**
 * Run `script` (an ES module body; `process.argv.slice(1)` is `args`) in a fresh process with
 * `--no-node-snapshot`; resolves once it exited with code 0, having printed one JSON line and
 * nothing on stderr (a warning is part of what a user sees), else rejects with its stderr.
 */
export function runFresh<T>(label: string, script: string, args: readonly string[]): Promise<FreshReport<T>> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let firstLineMs: number | undefined
    let out = ''
    let err = ''
    const child = spawn(process.execPath, ['--no-node-snapshot', '--input-type=module', '-e', script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (firstLineMs === undefined && out.includes('\n')) firstLineMs = performance.now() - started
    })
    child.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      const fail = (why: string): void => reject(new Error(`bench: ${label}: ${why}; stderr: ${err.slice(-2000)}`))
      if (code !== 0 || firstLineMs === undefined) return fail(`exit ${code ?? signal}`)
      if (err.trim() !== '') return fail('stderr not empty')
      try {
        resolve({ firstLineMs, report: JSON.parse(out.slice(0, out.indexOf('\n'))) as T })
      } catch {
        fail(`no JSON line in ${JSON.stringify(out.slice(0, 500))}`)
      }
    })
  })
}
