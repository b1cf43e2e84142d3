#!/usr/bin/env node
// The `isocode` launcher: re-runs this node with the flags the CLI needs — --no-node-snapshot
// (isolated-vm on Node 20), the @isocode/source condition and the tsx loader — on the TypeScript
// entry, with the terminal (stdin/stdout/stderr) passed straight through.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const entry = fileURLToPath(new URL('../src/main.ts', import.meta.url))
// why: resolved here, next to the CLI, so `isocode` works from any folder, not only the repo root.
const tsx = import.meta.resolve('tsx')
const child = spawn(
  process.execPath,
  ['--no-node-snapshot', '--conditions=@isocode/source', '--import', tsx, entry, ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === null ? 1 : 128)
})
