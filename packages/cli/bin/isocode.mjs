#!/usr/bin/env node
// The `isocode` launcher: runs the built CLI (dist/main.js) under a node started with
// --no-node-snapshot, which isolated-vm needs, with the terminal passed straight through.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/main.js', import.meta.url)

if (process.execArgv.includes('--no-node-snapshot')) {
  // why: already started with the flag (`node --no-node-snapshot isocode.mjs`): no second process.
  await import(entry.href)
} else {
  // why: a shebang cannot portably pass node flags, so re-run this node with the flag; the
  // caller's own node flags (--inspect, --max-old-space-size, ...) are kept.
  const child = spawn(process.execPath, [...process.execArgv, '--no-node-snapshot', fileURLToPath(entry), ...process.argv.slice(2)], { stdio: 'inherit' })
  // why: the terminal already signals the whole process group; this covers `kill <launcher pid>`.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('error', (error) => {
    process.stderr.write(`isocode: could not start node (${error.message})\n`)
    process.exitCode = 1
  })
  child.on('exit', (code, signal) => {
    // why: a child ended by a signal exits like a shell reports it, 128 + the signal number.
    process.exitCode = code ?? 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0))
  })
}
