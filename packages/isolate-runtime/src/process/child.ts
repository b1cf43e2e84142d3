// The entry of a supervised runtime child: one InProcessIsolateRuntime with one isolate, driven over Node
// IPC by SupervisedIsolateRuntime, which sends programs already stripped to JavaScript. Binding calls go back to the parent, which holds the real
// functions; log lines stream to the parent as they are written, so a crash loses none that
// reached it. The process ends on its own after disposal (never process.exit: isolated-vm can
// segfault when the process exits right after a dispose), or kills itself after a result that
// retires it (see `retire`).
import { withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeBindingNamespace, JsonValue } from '@isocode/code-runtime'
import { Context } from 'cordis'
import { resolveConfig } from '../config.ts'
import { InProcessIsolateRuntime } from '../service.ts'
import { isolatedVmLineFor } from '../isolate/lines.ts'
import type { StripResult } from '../strip.ts'
import { type Call, isMessage, type NamespaceShape, type ToChild, type ToParent } from './protocol.ts'

interface ChildRun {
  controller: AbortController
  lines: string[]
  flushing: boolean
}

interface PendingCall {
  run: number
  resolve: (value: JsonValue | undefined) => void
  reject: (error: Error) => void
}

const runs = new Map<number, ChildRun>()
const pending = new Map<number, PendingCall>()
let nextCall = 1
let disposing: Promise<void> | undefined
let outgoing: Call[] = []

function send(message: ToParent): void {
  // why: after the parent went away there is no one to tell; disposal follows the disconnect.
  if (process.connected) process.send?.(message)
}

/** The child's runtime: the parent strips TypeScript, so the child never loads the compiler. */
class JavaScriptIsolateRuntime extends InProcessIsolateRuntime {
  // why: its bindings only forward to the parent, which runs them one at a time in order.
  protected override readonly serialBindings = false
  // why: this process exits after a run that paused its isolate (see RunBudgets.pauseToLocate),
  // on the Node lines whose V8 survives the pause.
  protected override readonly pauseToLocate = isolatedVmLineFor()?.pausesToLocate === true

  protected override loadStripper(): Promise<(source: string) => StripResult> {
    return Promise.resolve((code) => ({ ok: true, code }))
  }
}

const root = new Context()
const fiber = await root.plugin(JavaScriptIsolateRuntime, resolveConfig(JSON.parse(process.argv[2] ?? '{}')))
const runtime = serviceOf(root)

function serviceOf(ctx: Context): InProcessIsolateRuntime {
  const service = ctx.get('codeRuntime') as InProcessIsolateRuntime | undefined
  // why: a plugin that failed to start leaves no service; exit with the reason on stderr.
  if (service === undefined) throw new Error('the InProcessIsolateRuntime plugin did not start in the runtime child')
  return service
}

function callParent(run: number, ns: number, member: string, args: unknown): Promise<JsonValue | undefined> {
  return new Promise((resolve, reject) => {
    const call = nextCall++
    pending.set(call, { run, resolve, reject })
    outgoing.push(args === undefined ? { call, run, ns, member } : { call, run, ns, member, args: args as JsonValue })
    // why: one message per host turn: calls the guest made together (Promise.all) cross together.
    if (outgoing.length === 1) setImmediate(flushCalls)
  })
}

function flushCalls(): void {
  const calls = outgoing
  outgoing = []
  if (calls.length > 0) send({ t: 'calls', calls })
}

function bindingsOf(run: number, shapes: NamespaceShape[]): CodeBindingNamespace[] {
  return shapes.map((shape, ns) => {
    const functions = Object.create(null) as Record<string, CodeBinding>
    for (const member of shape.members) functions[member] = (args) => callParent(run, ns, member, args) as Promise<JsonValue>
    return shape.errorClass === undefined ? { global: shape.global, functions } : { global: shape.global, functions, errorClass: shape.errorClass }
  })
}

function flushLogs(id: number, run: ChildRun): void {
  run.flushing = false
  if (run.lines.length === 0 || !runs.has(id)) return
  send({ t: 'logs', run: id, lines: run.lines })
  run.lines = []
}

async function start(id: number, program: string, shapes: NamespaceShape[]): Promise<void> {
  const run: ChildRun = { controller: new AbortController(), lines: [], flushing: false }
  runs.set(id, run)
  const onLog = (line: string): void => {
    run.lines.push(line)
    if (run.flushing) return
    run.flushing = true
    // why: one message per host turn, not one per console.log.
    setImmediate(() => flushLogs(id, run))
  }
  try {
    const result = await runtime.run({ program, bindings: bindingsOf(id, shapes), signal: run.controller.signal, onLog })
    if (runtime.stats().isolatesAbandoned > 0) return retire({ t: 'result', run: id, result, retire: true })
    send({ t: 'result', run: id, result })
  } catch (error) {
    send({ t: 'result', run: id, result: withUsage({ logs: [], error: { kind: 'crash', message: `the runtime child refused the run: ${String(error)}` } }) })
  } finally {
    runs.delete(id)
    // why: calls of a settled run are never answered usefully; forget them.
    for (const [call, entry] of pending) if (entry.run === id) pending.delete(call)
  }
}

/**
 * Send the last result and end this process at once: an isolate left paused by a budget kill can
 * be neither disposed nor resumed safely, so no cleanup runs (SIGKILL skips isolated-vm's own).
 */
function retire(last: ToParent): void {
  if (!process.connected || process.send === undefined) return endNow()
  process.send(last, endNow)
}

function endNow(): void {
  process.kill(process.pid, 'SIGKILL')
}

function dispose(): Promise<void> {
  disposing ??= (async () => {
    await fiber.dispose()
    if (process.connected) process.disconnect()
  })()
  return disposing
}

function onMessage(message: ToChild): void {
  switch (message.t) {
    case 'run':
      void start(message.run, message.program, message.namespaces)
      return
    case 'abort':
      runs.get(message.run)?.controller.abort(new Error(message.reason))
      return
    case 'replies':
      for (const reply of message.replies) {
        const entry = pending.get(reply.call)
        if (entry === undefined) continue
        pending.delete(reply.call)
        if (reply.ok) entry.resolve(reply.value)
        else entry.reject(new Error(reply.message))
      }
      return
    case 'dispose':
      void dispose()
  }
}

process.on('message', (message: unknown) => {
  if (isMessage(message)) onMessage(message as ToChild)
})
process.on('disconnect', () => void dispose())
send({ t: 'ready' })
