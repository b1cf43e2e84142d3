#!/usr/bin/env node
// The `isocode` launcher: runs the built CLI (dist/main.js) under a node started with
// --no-node-snapshot, which isolated-vm needs, with the terminal passed straight through.
import { spawn } from 'node:child_process'
import * as nodeModule from 'node:module'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'

const entry = new URL('../dist/main.js', import.meta.url)
const unheard = (event) => process.listenerCount(event) === 1

if (process.execArgv.includes('--no-node-snapshot')) {
  if (process.channel !== undefined) {
    // why: started by the launcher below, which may die without a word (SIGKILL, OOM killer):
    // its IPC channel then closes, and this process stops as on SIGTERM (a server closes its port
    // and its runtime children) instead of serving on as an orphan. Unref'd: the channel alone
    // never keeps a finished command alive.
    process.channel.unref()
    // why: a command that waits for a stop request (serve --http) listens itself and logs what
    // happened; for any other, the launcher gone or its parent gone ends it as SIGTERM would.
    process.on('disconnect', () => {
      if (unheard('disconnect')) process.kill(process.pid, 'SIGTERM')
    })
    process.on('message', (message) => {
      if (message?.isocode === 'stop' && unheard('message')) process.kill(process.pid, 'SIGTERM')
    })
  }
  // why: the CLI is an entry point, where Node advises enabling the module compile cache (22.1+;
  // a no-op on older lines): from the second command on, its modules load without compiling (RT-70).
  nodeModule.enableCompileCache?.()
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
  // why: when the process that started isocode goes (`pnpm isocode serve` and pnpm is killed),
  // this launcher is re-parented and nobody will ever signal it; tell the child to stop, naming
  // what happened, instead of serving on as an orphan.
  const parent = process.ppid
  const watch = setInterval(() => {
    if (process.ppid === parent) return
    clearInterval(watch)
    const reason = `the process that started isocode (pid ${parent}) exited`
    if (child.connected) child.send({ isocode: 'stop', reason }, () => undefined)
    else child.kill('SIGTERM')
  }, 500)
  watch.unref()
  child.on('exit', () => clearInterval(watch))
  child.on('error', (error) => {
    process.stderr.write(`isocode: could not start node (${error.message})\n`)
    process.exitCode = 1
  })
  child.on('exit', (code, signal) => {
    // why: a child ended by a signal exits like a shell reports it, 128 + the signal number.
    process.exitCode = code ?? 128 + (signal === null ? 0 : (constants.signals[signal] ?? 0))
  })
}
