// Shared setup of the live-run specs (progress, logs, cancel): an app with a `tick` tool that
// takes 100 ms and a `wait_abort` tool that ends only when its call is aborted, and the program
// and client-side recording the specs share.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { Context } from 'cordis'
import { type App, boot } from './helpers.ts'

/** Ten tick calls 100 ms apart, a console line before each. */
export const TEN_TICKS = `for (let i = 0; i < 10; i++) { console.log('step ' + i); await tools.tick({}) } return 'done'`
/** Three ticks, then a call that waits for its abort. */
export const TICKS_THEN_WAIT = `for (let i = 0; i < 3; i++) await tools.tick({}); await tools.wait_abort({}); return 'never'`

/** What the tools of {@link registerLiveTools} saw. */
export interface LiveTools {
  /** Whether wait_abort started. */
  started: boolean
  /** Whether wait_abort's signal fired. */
  aborted: boolean
}

/** Register `tick` (100 ms) and `wait_abort` (until its signal fires) on `root`. */
export async function registerLiveTools(root: Context): Promise<LiveTools> {
  const seen: LiveTools = { started: false, aborted: false }
  await root.plugin({
    name: 'live-tools',
    inject: ['tools'],
    apply: (ctx: Context) => {
      ctx.tools.register({
        name: 'tick',
        description: 'Wait 100 ms.',
        parameters: { type: 'object', properties: {} },
        execute: async () => {
          await new Promise((resolve) => setTimeout(resolve, 100))
          return [{ type: 'text', text: 'tick' }]
        },
      })
      ctx.tools.register({
        name: 'wait_abort',
        description: 'Wait until the call is aborted.',
        parameters: { type: 'object', properties: {} },
        execute: (_args, exec) =>
          new Promise((_resolve, reject) => {
            seen.started = true
            exec.signal?.addEventListener(
              'abort',
              () => {
                seen.aborted = true
                reject(new Error('wait_abort aborted'))
              },
              { once: true },
            )
          }),
      })
    },
  })
  return seen
}

/** Boot the live-run app (code mode, in-process isolate runtime). */
export async function bootLive(): Promise<{ app: App; seen: LiveTools }> {
  const app = await boot('code')
  return { app, seen: await registerLiveTools(app.root) }
}

/** Every notification a client received, by method, in arrival order. */
export function recordNotifications(client: Client): Array<{ method: string; params?: Record<string, unknown> }> {
  const received: Array<{ method: string; params?: Record<string, unknown> }> = []
  client.fallbackNotificationHandler = async (notification) =>
    void received.push(notification as { method: string; params?: Record<string, unknown> })
  return received
}

/** Call run_code with `code`, counting progress notifications that arrive before the result. */
export async function callWithProgress(client: Client, code: string, signal?: AbortSignal) {
  const progress: Array<{ progress: number; message?: string }> = []
  const result = await client.callTool(
    { name: 'run_code', arguments: { code, description: 'live test' } },
    CallToolResultSchema,
    {
      onprogress: (p) => void progress.push(p),
      ...(signal === undefined ? {} : { signal }),
    },
  )
  return { result, progressBeforeResult: [...progress], progress }
}

/** Whether the in-process isolate runtime reports console lines through onEvent while it runs (RT-45). */
export async function backendReportsConsole(): Promise<boolean> {
  const root = new Context()
  const fiber = await root.plugin(InProcessIsolateRuntime, { poolSize: 1 })
  const lines: string[] = []
  try {
    const runtime = root.get('codeRuntime') as InProcessIsolateRuntime
    await runtime.run({
      program: 'console.log("probe")',
      bindings: [],
      onEvent: (event) => void (event.type === 'console' && lines.push(event.line)),
    })
  } finally {
    await fiber.dispose()
  }
  return lines.length > 0
}
