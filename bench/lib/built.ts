// The packages as their users run them: built by `pnpm build` (tsc -b tsconfig.build.json) and
// loaded from dist/, so a supervised runtime's children start from plain JavaScript, not tsx.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { childPids } from './children.ts'

const repo = fileURLToPath(new URL('../../', import.meta.url))
const CHILD_ENTRY = join(repo, 'packages', 'isolate-runtime', 'dist', 'supervised', 'child', 'child-main.js')

/** Build every package (incremental: quick when dist/ is current) and import isolate-runtime's built entry. */
export async function importBuiltIsolateRuntime(): Promise<typeof import('@isocode/isolate-runtime')> {
  const tsc = createRequire(join(repo, 'package.json')).resolve('typescript/bin/tsc')
  execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: repo, stdio: 'inherit' })
  return (await import(
    pathToFileURL(join(repo, 'packages', 'isolate-runtime', 'dist', 'index.js')).href
  )) as typeof import('@isocode/isolate-runtime')
}

/**
 * Throw unless exactly `count` children of this process run the built child entry with plain
 * node (no tsx loader): proof that a "built output" task measured what it names.
 */
export function expectBuiltChildren(count: number): void {
  const lines = childPids().map((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
    } catch {
      return ''
    }
  })
  const built = lines.filter((line) => line.includes(CHILD_ENTRY) && !line.includes('tsx'))
  if (built.length !== count)
    throw new Error(
      `bench: expected ${count} runtime children from ${CHILD_ENTRY} without tsx; found:\n${lines.join('\n')}`,
    )
}
