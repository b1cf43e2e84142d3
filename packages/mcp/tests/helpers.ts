// Shared setup of the MCP bridge specs: real reference servers resolved from their packages, the
// tiny in-test server, and a Cordis app with SystemPrompt, a recording session sink, ToolRegistry
// and InProcessIsolateRuntime.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SessionSink, SystemPrompt } from '@isocode/harness'
import type { ScopeKey, SessionEvent } from '@isocode/harness'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import type { McpStdioServerConfig } from '@isocode/mcp'
import { ToolRegistry } from '@isocode/registry'
import type { ToolExecutionResult, ToolPresentationMode } from '@isocode/registry'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'

const require = createRequire(import.meta.url)
const here = dirname(fileURLToPath(import.meta.url))

/** The bin script of an installed MCP server package, run with this node (no shell shim). */
export function serverBin(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const manifest = require(manifestPath) as { bin: string | Record<string, string> }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]
  if (bin === undefined) throw new Error(`${pkg}: package.json has no bin`)
  return join(dirname(manifestPath), bin)
}

/** A stdio config starting `script` with this node. */
export function nodeServer(
  name: string,
  script: string,
  args: string[] = [],
  extra: Partial<McpStdioServerConfig> = {},
): McpStdioServerConfig {
  return { name, command: process.execPath, args: [script, ...args], ...extra }
}

/** The reference servers from npm. */
export const everything = (extra: Partial<McpStdioServerConfig> = {}): McpStdioServerConfig =>
  nodeServer('everything', serverBin('@modelcontextprotocol/server-everything'), ['stdio'], extra)
export const filesystem = (root: string): McpStdioServerConfig =>
  nodeServer('filesystem', serverBin('@modelcontextprotocol/server-filesystem'), [root])
export const memory = (file: string): McpStdioServerConfig =>
  nodeServer('memory', serverBin('@modelcontextprotocol/server-memory'), [], { env: { MEMORY_FILE_PATH: file } })
/** The tiny in-test server (tests/fixtures/tiny-server.mjs). */
export const tiny = (name = 'tiny'): McpStdioServerConfig => nodeServer(name, join(here, 'fixtures', 'tiny-server.mjs'))

/** Records every session event. */
export class RecordingSession extends SessionSink {
  readonly events: SessionEvent[] = []
  append(_scope: ScopeKey | undefined, event: SessionEvent): void {
    this.events.push(event)
  }
}

/** A booted app: the root, its session recorder, and helpers. */
export interface App {
  root: Context
  session: RecordingSession
  /** Run a program through run_code. */
  runCode(code: string, signal?: AbortSignal): Promise<ToolExecutionResult>
  /** Call one tool directly through the pipeline. */
  call(name: string, args?: Record<string, unknown>, signal?: AbortSignal): Promise<ToolExecutionResult>
  dispose(): Promise<void>
}

let calls = 0

/** Boot SystemPrompt + session + ToolRegistry (code mode by default) + InProcessIsolateRuntime (`poolSize` isolates, default 1). */
export async function boot(mode: ToolPresentationMode = 'code', poolSize = 1): Promise<App> {
  const root = new Context()
  const fibers: Fiber[] = [
    await root.plugin(SystemPrompt),
    await root.plugin(RecordingSession),
    await root.plugin(ToolRegistry, { mode }),
  ]
  fibers.push(await root.plugin(InProcessIsolateRuntime, { poolSize, memoryMb: 32, cpuMs: 2_000, wallMs: 15_000 }))
  const call: App['call'] = (name, args = {}, signal) =>
    root.tools.execute({ callId: `t${++calls}`, name, arguments: args, ...(signal === undefined ? {} : { signal }) })
  return {
    root,
    session: root.get('session') as RecordingSession,
    runCode: (code, signal) => call('run_code', { code, description: 'test program' }, signal),
    call,
    dispose: async () => {
      for (const fiber of fibers.toReversed()) await fiber.dispose()
    },
  }
}

/** The text of a result's blocks. */
export function textOf(result: ToolExecutionResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')
}

/** Run `action` shortly after a call of tool `name` starts its dispatch (so it is in flight). */
export function whenCalled(root: Context, name: string, action: () => void): void {
  root.on('tools/execute', async (exec, next) => {
    if (exec.name === name) setTimeout(action, 50)
    return next()
  })
}

/** Poll `check` every 20 ms until it holds or `ms` passed; returns whether it held. */
export async function until(check: () => boolean, ms = 5_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (check()) return true
  }
  return check()
}
