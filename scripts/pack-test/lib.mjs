// Helpers of scripts/pack-test.mjs: running commands, walking a node_modules tree, the report.
import { spawn } from 'node:child_process'
import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Run `command args` and collect its output; never throws (a failed start is code -1).
 * @returns {Promise<{ code: number, stdout: string, stderr: string, ms: number }>}
 */
export function run(command, args, options = {}) {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', (error) =>
      resolve({ code: -1, stdout, stderr: stderr + String(error), ms: performance.now() - started }),
    )
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? 128,
        stdout,
        stderr: stderr + (signal ? `\n(ended by ${signal})` : ''),
        ms: performance.now() - started,
      }),
    )
  })
}

/** Throw with the command's output tail when it did not exit 0. */
export function expectSuccess(what, outcome) {
  if (outcome.code !== 0)
    throw new Error(`${what} exited ${outcome.code}\n${tail(outcome.stdout)}\n${tail(outcome.stderr)}`)
  return outcome
}

/** Throw naming the missing text when `text` lacks any of `needles`. */
export function expectContains(what, text, needles) {
  const missing = needles.filter((needle) => !text.includes(needle))
  if (missing.length > 0)
    throw new Error(`${what}: output lacks ${missing.map((m) => JSON.stringify(m)).join(', ')}\n${tail(text)}`)
}

export function tail(text, lines = 25) {
  return text.trimEnd().split('\n').slice(-lines).join('\n')
}

/**
 * Every installed package under `root` (a node_modules folder), nested ones included, plus the
 * total size in bytes of the files below it (symlinks are not followed).
 */
export async function inspectNodeModules(root) {
  const packages = []
  let bytes = 0
  const stack = [root]
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) stack.push(path)
      else if (!entry.isSymbolicLink()) bytes += (await lstat(path)).size
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue
      // why: a package folder (or a link to one) is a child of node_modules, or of an @scope folder inside it.
      const parent = dir.split(/[\\/]/).at(-1)
      const grand = dir.split(/[\\/]/).at(-2)
      if (parent === 'node_modules' && !entry.name.startsWith('@') && !entry.name.startsWith('.'))
        packages.push(entry.name)
      else if (parent?.startsWith('@') && grand === 'node_modules') packages.push(`${parent}/${entry.name}`)
    }
  }
  return { packages, bytes }
}

/** A byte count as MB with one decimal. */
export function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`
}

/** Runs named steps in order and prints one pass/fail line each, then a summary. */
export class Report {
  results = []

  /** Run `fn` as step `name` unless `skip` says why not; a throw marks it failed. */
  async step(name, fn, skip) {
    if (skip !== undefined) {
      this.results.push({ name, status: 'skip', note: skip })
      console.log(`  - ${name}: skipped (${skip})`)
      return false
    }
    const started = performance.now()
    try {
      const note = (await fn()) ?? ''
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      this.results.push({ name, status: 'pass', note })
      console.log(`  ✓ ${name} (${seconds} s)${note === '' ? '' : `: ${note}`}`)
      return true
    } catch (error) {
      this.results.push({ name, status: 'fail', note: error instanceof Error ? error.message : String(error) })
      console.log(`  ✗ ${name}\n${String(error instanceof Error ? error.message : error).replace(/^/gm, '      ')}`)
      return false
    }
  }

  /** Print the summary; true when every step passed. */
  summary() {
    const failed = this.results.filter((r) => r.status !== 'pass')
    const verdict = failed.length === 0 ? 'PASS' : 'FAIL'
    console.log(
      `\npack test: ${verdict} (${this.results.length - failed.length} of ${this.results.length} steps passed)`,
    )
    for (const r of failed) console.log(`  ${r.status === 'fail' ? 'failed' : 'skipped'}: ${r.name}`)
    return failed.length === 0
  }
}
