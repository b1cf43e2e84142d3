import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ResolvedIsolateRuntimeConfig } from '../config.ts'

/** How to start a runtime child: its entry module and the Node flags it needs. */
export interface ChildCommand {
  entry: string
  execArgv: string[]
}

/**
 * The child entry next to this module: `child.js` with plain Node when built, `child.ts` through
 * tsx and the `@isocode/source` condition when running from source (tests, tsx, the bench).
 */
export function childCommand(moduleUrl: string = import.meta.url): ChildCommand {
  // why: isolated-vm requires --no-node-snapshot on Node >= 20, whatever the parent was given.
  const execArgv = ['--no-node-snapshot']
  if (!moduleUrl.endsWith('.ts')) return { entry: fileURLToPath(new URL('./child.js', moduleUrl)), execArgv }
  const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx')).href
  execArgv.push('--conditions=@isocode/source', '--import', tsx)
  return { entry: fileURLToPath(new URL('./child.ts', moduleUrl)), execArgv }
}

/** Fork one runtime child with `config` (one isolate); stderr is piped for crash reports. */
export function spawnRuntimeChild(config: ResolvedIsolateRuntimeConfig, command: ChildCommand = childCommand()): ChildProcess {
  return fork(command.entry, [JSON.stringify({ ...config, poolSize: 1 })], {
    execArgv: command.execArgv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  })
}

/** The last bytes a child wrote to stderr: enough for V8's fatal-error report, bounded. */
export class StderrTail {
  private text = ''

  constructor(private readonly limit = 8_192) {}

  /** Keep `chunk`, dropping the oldest text beyond the limit. */
  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-this.limit)
  }

  toString(): string {
    return this.text
  }
}
