import { type ChildProcess, spawn } from 'node:child_process'
import * as nodeModule from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ResolvedIsolateRuntimeConfig } from '../engine/config.ts'

/** How to start a runtime child: its entry module and the Node flags it needs. */
export interface ChildCommand {
  entry: string
  execArgv: string[]
}

/**
 * The child entry next to this module: `child/child-main.js` with plain Node when built, `child/child-main.ts` through
 * tsx and the `@isocode/source` condition when running from source (tests, tsx, the bench).
 */
export function childCommand(moduleUrl: string = import.meta.url): ChildCommand {
  // why: isolated-vm requires --no-node-snapshot on Node >= 20, whatever the parent was given.
  const execArgv = ['--no-node-snapshot']
  if (!moduleUrl.endsWith('.ts')) return { entry: fileURLToPath(new URL('./child/child-main.js', moduleUrl)), execArgv }
  const tsx = pathToFileURL(nodeModule.createRequire(moduleUrl).resolve('tsx')).href
  execArgv.push('--conditions=@isocode/source', '--import', tsx)
  return { entry: fileURLToPath(new URL('./child/child-main.ts', moduleUrl)), execArgv }
}

/**
 * Start one runtime child with `config` (one isolate): stderr is piped for crash reports, and fd 3
 * is the message channel (length-prefixed JSON frames; see wire/frame-codec.ts), not Node IPC.
 */
export function spawnRuntimeChild(
  config: ResolvedIsolateRuntimeConfig,
  command: ChildCommand = childCommand(),
): ChildProcess {
  return spawn(process.execPath, [...command.execArgv, command.entry, JSON.stringify({ ...config, poolSize: 1 })], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    env: childEnv(),
  })
}

type CompileCache = { enableCompileCache?: unknown; getCompileCacheDir?: () => string | undefined }

/**
 * The parent's environment, plus Node's module compile cache where the line has one (22.1+): every
 * child loads the same modules, so from the second start on it skips compiling them (RT-70). The
 * parent's own cache directory when it has one, else Node's default; `NODE_DISABLE_COMPILE_CACHE`
 * or a `NODE_COMPILE_CACHE` of the caller's are left as they are.
 */
function childEnv(): NodeJS.ProcessEnv {
  const cache = nodeModule as CompileCache
  const env = process.env
  if (typeof cache.enableCompileCache !== 'function') return env
  if (env.NODE_COMPILE_CACHE !== undefined || env.NODE_DISABLE_COMPILE_CACHE !== undefined) return env
  return { ...env, NODE_COMPILE_CACHE: cache.getCompileCacheDir?.() ?? join(tmpdir(), 'node-compile-cache') }
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
