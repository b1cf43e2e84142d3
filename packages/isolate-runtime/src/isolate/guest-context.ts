import type ivm from 'isolated-vm-types'
import { isolatedVm } from './ivm.ts'
import { START_GLOBAL } from '../guest/prelude.ts'
import { PROGRAM_FILE } from '../guest/program-file.ts'

/** What the guest tells the host about one run; every argument is untrusted and re-checked here. */
export interface GuestEvents {
  /** `now`: written by code running on this very thread (see `GuestContext.resolveOnThisThread`). */
  log(text: string, site: string | undefined, now: boolean): void
  /** `site`: `call:line:column` (or `call`) of a binding call, sent only when the run keeps a journal. */
  call(id: number, ns: number, member: string, json: string | undefined, site: string | undefined): void
  /** Part of the run's journal, as the prelude's JSON text `[clock, random, timers]` (rule RT-49). */
  journaled(text: string): void
  done(kind: 'ok' | 'exception' | 'invalid-output', text: string | undefined): void
}

/**
 * Settled binding calls for the guest, flat: `id, ok, payload` per call, where payload is the
 * result's JSON text (ok), the failure message, or null (the binding returned nothing); a failure
 * whose host error had a code (RT-63) has that code string in place of `false`.
 */
export type Settlements = (number | boolean | string | null)[]

// why: the program is the body of an async function; the head sits on a line of its own with
// lineOffset -1, so every line and column V8 reports is the model's own. The head calls the
// prelude's one-shot start before any program code is evaluated.
const FUNCTION_HEAD = 'async function () {\n'
const TAIL = '\n})'

function wrap(setupJson: string, code: string): string {
  // why: U+2028/2029 are line terminators to V8; escaped, the head stays exactly one line.
  const literal = JSON.stringify(setupJson).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
  const length = FUNCTION_HEAD.length + code.length + 2
  return `${START_GLOBAL}(${literal}, ${length}, ${FUNCTION_HEAD}${code}${TAIL}`
}

const DONE_KINDS = new Set(['ok', 'exception', 'invalid-output'])

function dispatch(
  channel: { target: GuestEvents | undefined },
  now: boolean,
  op: unknown,
  a: unknown,
  b: unknown,
  c: unknown,
  d: unknown,
  e: unknown,
): void {
  const target = channel.target
  if (target === undefined) return
  if (op === 'L' && typeof a === 'string' && (b === undefined || typeof b === 'string')) target.log(a, b, now)
  else if (
    op === 'C' &&
    typeof a === 'number' &&
    typeof b === 'number' &&
    typeof c === 'string' &&
    (d === undefined || typeof d === 'string') &&
    (e === undefined || typeof e === 'string')
  ) {
    target.call(a, b, c, d, e)
  } else if (op === 'J' && typeof a === 'string') {
    target.journaled(a)
  } else if (op === 'D' && typeof a === 'string' && DONE_KINDS.has(a) && (b === undefined || typeof b === 'string')) {
    target.done(a as 'ok', b)
  }
}

/**
 * One fresh context with the prelude already run in it, waiting for exactly one program. The
 * channel's target is the live run; clearing it is the gate that drops anything the guest sends
 * after the run settled.
 */
export class GuestContext {
  private released = false

  private constructor(
    private readonly context: ivm.Context,
    private readonly resolver: ivm.Reference,
    private readonly channel: { target: GuestEvents | undefined },
  ) {}

  /**
   * Create a context and run the compiled prelude into it, all on the isolate's own thread: the
   * host thread only queues the tasks, so preparing never blocks it.
   */
  static async prepare(isolate: ivm.Isolate, prelude: ivm.Script, inspector = false): Promise<GuestContext> {
    // why: with the inspector a budget kill can say where the program was (budget-site.ts).
    const context = await isolate.createContext({ inspector })
    try {
      const channel: { target: GuestEvents | undefined } = { target: undefined }
      const { Callback } = isolatedVm()
      const callback = new Callback(
        (op: unknown, a: unknown, b: unknown, c: unknown, d: unknown, e: unknown) =>
          dispatch(channel, false, op, a, b, c, d, e),
        { ignored: true },
      )
      // why: synchronous, for console lines of code running on the host's own thread: there it is
      // a plain call, and a line reaches the host before anything later can crash the process; a
      // journaled run's calls too, so they are all in when that code returns (RT-64).
      const now = new Callback((op: unknown, a: unknown, b: unknown, c: unknown, d: unknown, e: unknown) =>
        dispatch(channel, true, op, a, b, c, d, e),
      )
      // why: tasks on one isolate run in the order queued, so the callbacks are in place when the
      // prelude takes them; all are awaited so a failure of any is seen.
      const [, , resolver] = await Promise.all([
        context.global.set('__isocodeHost', callback),
        context.global.set('__isocodeHostNow', now),
        prelude.run(context, { reference: true }) as Promise<ivm.Reference>,
      ])
      return new GuestContext(context, resolver, channel)
    } catch (error) {
      context.release()
      throw error
    }
  }

  /**
   * Compile and start the stripped program in one isolate task: the returned task settles when
   * the program's synchronous part and its microtasks are done, or rejects with the SyntaxError.
   */
  start(code: string, setupJson: string, events: GuestEvents, timeoutMs: number): Promise<unknown> {
    this.channel.target = events
    return this.context.eval(wrap(setupJson, code), { filename: PROGRAM_FILE, lineOffset: -1, timeout: timeoutMs })
  }

  /** Compile and start the stripped program on this thread, like {@link resolveOnThisThread}. */
  startOnThisThread(code: string, setupJson: string, events: GuestEvents, timeoutMs: number): void {
    this.channel.target = events
    this.context.evalSync(wrap(setupJson, code), { filename: PROGRAM_FILE, lineOffset: -1, timeout: timeoutMs })
  }

  /** Settle binding calls inside the guest, in order, in one isolate task. */
  resolve(batch: Settlements, timeoutMs: number): Promise<unknown> {
    return this.resolver.apply(undefined, [batch], { timeout: timeoutMs, arguments: { copy: true } })
  }

  /**
   * Settle binding calls on the host's own thread: the program's code after those awaits runs
   * inside this call, until it awaits again (no thread hop either way). Only for an idle isolate;
   * throws isolated-vm's timeout error when the program runs past `timeoutMs`.
   */
  resolveOnThisThread(batch: Settlements, timeoutMs: number): void {
    this.resolver.applySync(undefined, [batch, true], { timeout: timeoutMs, arguments: { copy: true } })
  }

  /**
   * What the idle program waits on, e.g. `tools.slow (at 2:7)`, or undefined (nothing pending,
   * or no answer within `timeoutMs`). Only for a run that is about to be killed.
   */
  waitingOn(timeoutMs: number): Promise<string | undefined> {
    return this.ask('waiting', timeoutMs)
  }

  /** The call whose settlement the program last resumed from, e.g. `tools.echo settled (at 3:7)`, or undefined. */
  resumedAfter(timeoutMs: number): Promise<string | undefined> {
    return this.ask('resumed', timeoutMs)
  }

  private async ask(question: 'waiting' | 'resumed', timeoutMs: number): Promise<string | undefined> {
    try {
      const text: unknown = await this.resolver.apply(undefined, [question], {
        timeout: timeoutMs,
        result: { copy: true },
      })
      return typeof text === 'string' && text !== '' ? text : undefined
    } catch {
      return undefined
    }
  }

  /** Close the gate: nothing the guest sends reaches the run any more. Synchronous and cheap. */
  close(): void {
    this.channel.target = undefined
  }

  /** Close the gate and free the context; idempotent, never throws. */
  release(): void {
    this.channel.target = undefined
    if (this.released) return
    this.released = true
    for (const handle of [this.resolver, this.context]) {
      try {
        handle.release()
      } catch {
        // why: the isolate may already be gone; its handles went with it.
      }
    }
  }
}
