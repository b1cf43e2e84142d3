// Vitest global setup of the cli project: main.spec.ts runs bin/isocode.mjs, which runs the built
// dist/main.js as an installed CLI does, so the CLI and the packages it uses are built first.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const project = fileURLToPath(new URL('../tsconfig.json', import.meta.url))
  // why: tsc -b is incremental, so an up-to-date tree costs well under a second.
  execFileSync(process.execPath, [tsc, '-b', project], { stdio: 'inherit' })
}
