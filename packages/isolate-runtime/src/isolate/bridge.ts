import ivm from 'isolated-vm'

/** What the guest tells the host about one run; every argument is untrusted and re-checked here. */
export interface GuestEvents {
  log(text: string): void
  call(id: number, ns: number, member: string, json: string | undefined): void
  done(kind: 'ok' | 'exception' | 'invalid-output', text: string | undefined): void
}

/** The program's file name inside the isolate; stack frames name it with the model's line:col. */
export const PROGRAM_FILE = 'program.ts'

// why: the program is the body of an async function; the wrapper sits on a line of its own with
// lineOffset -1, so every line and column V8 reports is the model's own.
const HEAD = '(async function () {\n'
const TAIL = '\n})'

const DONE_KINDS = new Set(['ok', 'exception', 'invalid-output'])

function dispatch(channel: { target: GuestEvents | undefined }, op: unknown, a: unknown, b: unknown, c: unknown, d: unknown): void {
  const target = channel.target
  if (target === undefined) return
  if (op === 'L' && typeof a === 'string') target.log(a)
  else if (op === 'C' && typeof a === 'number' && typeof b === 'number' && typeof c === 'string' && (d === undefined || typeof d === 'string')) {
    target.call(a, b, c, d)
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
    private readonly isolate: ivm.Isolate,
    private readonly context: ivm.Context,
    private readonly entry: ivm.Reference,
    private readonly channel: { target: GuestEvents | undefined },
  ) {}

  /** Create a context off the host thread, then install the callback and run the compiled prelude. */
  static async prepare(isolate: ivm.Isolate, prelude: ivm.Script): Promise<GuestContext> {
    const context = await isolate.createContext()
    try {
      const channel: { target: GuestEvents | undefined } = { target: undefined }
      const callback = new ivm.Callback(
        (op: unknown, a: unknown, b: unknown, c: unknown, d: unknown) => dispatch(channel, op, a, b, c, d),
        { ignored: true },
      )
      context.global.setSync('__isocodeHost', callback)
      const entry = prelude.runSync(context, { reference: true }) as ivm.Reference
      return new GuestContext(isolate, context, entry, channel)
    } catch (error) {
      context.release()
      throw error
    }
  }

  /**
   * Compile the stripped program and start it: returns the first task (it settles when the
   * program's synchronous part and its microtasks are done), or throws the SyntaxError.
   */
  start(code: string, setupJson: string, events: GuestEvents, timeoutMs: number): Promise<unknown> {
    const script = this.isolate.compileScriptSync(HEAD + code + TAIL, { filename: PROGRAM_FILE, lineOffset: -1 })
    let program: ivm.Reference
    try {
      program = script.runSync(this.context, { reference: true }) as ivm.Reference
    } finally {
      script.release()
    }
    this.channel.target = events
    return this.entry.apply(undefined, [0, program.derefInto({ release: true }), setupJson], { timeout: timeoutMs })
  }

  /** Settle one binding call inside the guest; `payload` is JSON text (ok) or a message (failed). */
  resolve(id: number, ok: boolean, payload: string | undefined, timeoutMs: number): Promise<unknown> {
    return this.entry.apply(undefined, [1, id, ok, payload], { timeout: timeoutMs })
  }

  /** Close the gate and free the context; idempotent, never throws. */
  release(): void {
    this.channel.target = undefined
    if (this.released) return
    this.released = true
    for (const handle of [this.entry, this.context]) {
      try {
        handle.release()
      } catch {
        // why: the isolate may already be gone; its handles went with it.
      }
    }
  }
}
