#!/usr/bin/env node
// The `isocode` launcher: runs the built CLI (dist/main.js) under a node started with
// --no-node-snapshot, which isolated-vm needs, with the terminal passed straight through.
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/main.js', import.meta.url)

if (process.execArgv.includes('--no-node-snapshot')) {
  if (process.channel !== undefined) {
    // why: started by the launcher below, which may die without a word (SIGKILL, OOM killer):
    // its IPC channel then closes, and this process stops as on SIGTERM (a server closes its port
    // and its runtime children) instead of serving on as an orphan. Unref'd: the channel alone
    // never keeps a finished command alive.
    process.channel.unref()
    process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'))
  }
  // why: already started with the flag (`node --no-node-snapshot isocode.mjs`): no second process.
  await import(entry.href)
} else {
  // why: a shebang cannot portably pass node flags, so re-run this launcher with the flag; the
  // caller's own node flags (--inspect, --max-old-space-size, ...) are kept. The IPC channel is
  // only the child's way to notice this process is gone; no message is ever sent on it.
  const child = spawn(
    process.execPath,
    [...process.execArgv, '--no-node-snapshot', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    },
  )
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
