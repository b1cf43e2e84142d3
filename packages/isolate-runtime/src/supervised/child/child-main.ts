// The entry of a supervised runtime child: one IsolateEngine (mode `supervised-child`, one isolate), driven by
// SupervisedIsolateRuntime over the frame channel on fd 3, which sends programs already stripped to
// JavaScript. Binding calls go back to the parent, which holds the real functions; log lines
// stream to the parent as they are written, so a crash loses none that reached it. The process
// ends on its own after disposal (never process.exit: isolated-vm can segfault when the process
// exits right after a dispose), or kills itself after a result that retires it (see `retire`).
import { Socket } from 'node:net'
import { withUsage } from '@isocode/code-runtime'
import type { CodeBinding, CodeBindingNamespace, CodeReplayCall, JsonValue, RunJournal } from '@isocode/code-runtime'
import { resolveConfig } from '../../engine/config.ts'
import { supervisedChildMode } from '../../engine/run-mode.ts'
import { IsolateEngine } from '../../engine/isolate-engine.ts'
import { isolatedVmLineFor } from '../../isolate/ivm-lines.ts'
import { FrameChannel } from '../wire/frame-channel.ts'
import { TurnBatch } from '../../engine/turn-batch.ts'
import { ParentCalls } from './parent-calls.ts'
import type { NamespaceShape } from '../../engine/binding-call.ts'
import {
  CHANNEL_FD,
  childFrameLimit,
  isMessage,
  PARENT_FRAME_LIMIT,
  type ToChild,
  type ToParent,
} from '../wire/child-protocol.ts'

// why: each live run's log lines, sent one frame per host turn (see start).
const runs = new Map<number, TurnBatch<string>>()
let disposing: Promise<void> | undefined
// why: the parent hands a child one run at a time, so runs share one controller until one of them
// is aborted (then the next run gets a fresh one); creating one per run costs more than the run's
// own bookkeeping.
let controller = new AbortController()

const config = resolveConfig(JSON.parse(process.argv[2] ?? '{}'))
const sendLimit = childFrameLimit(config)
// why: a terminal's Ctrl-C signals the whole foreground process group, this child included; the
// parent decides whether the run is aborted, and this process ends once its parent is gone (RT-43).
process.on('SIGINT', () => undefined)
// why: the parent strips TypeScript, so the child never loads the compiler; this process exits
// after a run that paused its isolate, on the Node lines whose V8 survives the pause.
const runtime = new IsolateEngine(
  config,
  supervisedChildMode(config, isolatedVmLineFor()?.pausesToLocate === true),
  async () => (code) => ({ ok: true, code }),
)
await runtime.start()
const channel = new FrameChannel(
  new Socket({ fd: CHANNEL_FD, readable: true, writable: true }),
  PARENT_FRAME_LIMIT,
  sendLimit,
  {
    message: (message) => {
      if (isMessage(message)) onMessage(message as ToChild)
    },
    // why: the parent is trusted; a stream that breaks its framing means it is gone or broken.
    malformed: () => void dispose(),
    closed: () => void dispose(),
  },
)

function send(message: ToParent): 'sent' | 'closed' | 'oversize' {
  // why: after the parent went away there is no one to tell; disposal follows the close.
  return channel.send(message)
}

const calls = new ParentCalls(send, sendLimit, config.pollMicros / 1000)

function bindingsOf(run: number, shapes: readonly NamespaceShape[]): CodeBindingNamespace[] {
  return shapes.map((shape, ns) => {
    const functions = Object.create(null) as Record<string, CodeBinding>
    for (const member of shape.members)
      functions[member] = (args, site) => calls.call(run, ns, member, args, site) as Promise<JsonValue>
    const positional = shape.positional === true ? { positional: true as const } : {}
    return shape.errorClass === undefined
      ? { global: shape.global, functions, ...positional }
      : { global: shape.global, functions, errorClass: shape.errorClass, ...positional }
  })
}

async function start(
  id: number,
  program: string,
  shapes: readonly NamespaceShape[],
  journal: RunJournal | undefined,
  replay: readonly CodeReplayCall[] | undefined,
): Promise<void> {
  // why: one message per host turn, not one per console.log.
  const lines: TurnBatch<string> = new TurnBatch(() => send({ t: 'logs', run: id, lines: lines.take() }))
  runs.set(id, lines)
  const onLog = (line: string, now = false): void => {
    lines.push(line)
    // why: written by code on this thread, which may yet crash the process before any later turn.
    if (now) lines.flushNow()
  }
  // why: the last point before any of the program can run; a parent that never reads it knows the
  // program did not start and may hand the run to another child (RT-42).
  send({ t: 'started', run: id })
  try {
    const bindings = bindingsOf(id, shapes)
    const signal = controller.signal
    // why: the parent keeps the journal from these parts, so it has it however the run ends; the
    // result carries none over the wire (rule RT-49).
    const { journal: _kept, ...result } = await runtime.run(
      journal === undefined
        ? { program, bindings, signal, onLog }
        : {
            program,
            bindings,
            signal,
            onLog,
            journal,
            onJournal: (chunk) => send({ t: 'journal', run: id, chunk }),
            // why: RT-64 — after this turn's calls, in their frame when they have not crossed yet.
            onIdle: () => calls.idle(id),
            // why: RT-71 — the parent learns of each served call before the next call and the result.
            ...(replay === undefined ? {} : { replay: { calls: replay, onServed: (call) => calls.served(id, call) } }),
          },
    )
    calls.flushServed()
    // why: lines still waiting for this turn's flush go first, so each reaches the parent's
    // listeners while the run is live (rule RT-45), not only inside the result.
    lines.flushNow()
    if (runtime.stats().isolatesAbandoned > 0) return retire({ t: 'result', run: id, result, retire: true })
    if (send({ t: 'result', run: id, result }) === 'oversize') {
      send({
        t: 'result',
        run: id,
        result: withUsage({
          logs: [],
          error: {
            kind: 'crash',
            message: `the run's result is over the ${sendLimit}-byte limit of the runtime channel`,
          },
        }),
      })
    }
  } catch (error) {
    send({
      t: 'result',
      run: id,
      result: withUsage({
        logs: [],
        error: { kind: 'crash', message: `the runtime child refused the run: ${String(error)}` },
      }),
    })
  } finally {
    lines.clear()
    runs.delete(id)
    calls.forget(id)
  }
}

/**
 * Send the last result and end this process at once: an isolate left paused by a budget kill can
 * be neither disposed nor resumed safely, so no cleanup runs (SIGKILL skips isolated-vm's own).
 */
function retire(last: ToParent): void {
  // why: killed once the frame is written, so the parent reads the result before the exit.
  if (channel.send(last, endNow) !== 'sent') endNow()
}

function endNow(): void {
  process.kill(process.pid, 'SIGKILL')
}

function dispose(): Promise<void> {
  disposing ??= (async () => {
    // why: a paused isolate keeps this process from ending (and must not be disposed); this only
    // happens when the parent leaves between a pause and the retiring result.
    if (runtime.stats().isolatesAbandoned > 0) return endNow()
    await runtime.dispose()
    channel.end()
  })()
  return disposing
}

function onMessage(message: ToChild): void {
  switch (message.t) {
    case 'run':
      void start(message.run, message.program, message.namespaces, message.journal, message.replay)
      return
    case 'abort':
      // why: an abort that crossed its run's result finds no live run and is dropped.
      if (!runs.has(message.run)) return
      controller.abort(new Error(message.reason))
      controller = new AbortController()
      return
    case 'replies':
      calls.settle(message.replies)
      return
    case 'dispose':
      void dispose()
  }
}

send({ t: 'ready' })
