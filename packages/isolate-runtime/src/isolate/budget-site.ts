import type ivm from 'isolated-vm-types'
import type { GuestContext } from './guest-context.ts'
import { PROGRAM_FILE } from '../guest/program-file.ts'

// why: how long a budget kill waits to learn where the program was; a pause or an idle guest's
// answer normally lands within a few ms, and past this bound the run ends without a position.
const LOCATE_MS = 250

/** A 1-based line and column of the model's program text. */
interface ProgramPosition {
  line: number
  column: number
}

interface CallFrame {
  location?: { scriptId?: unknown; lineNumber?: unknown; columnNumber?: unknown }
}

/**
 * Where the program is executing right now: pause the running isolate through a one-shot V8
 * inspector session and read the top-most frame of the program's script. The pause is never
 * resumed: the caller abandons the isolate, and its process exits. Resolves undefined when the
 * isolate does not pause within `timeoutMs` (it is idle, or stuck in native code) or the frames
 * name no program position.
 */
function pausedPosition(isolate: ivm.Isolate, timeoutMs: number): Promise<ProgramPosition | undefined> {
  let session: ivm.InspectorSession
  try {
    session = isolate.createInspectorSession()
  } catch {
    return Promise.resolve(undefined)
  }
  return new Promise((resolve) => {
    // why: script ids arrive as `scriptParsed` notifications when the debugger is enabled; the
    // program is the one script whose url is the program's file name.
    const programScripts = new Set<string>()
    let done = false
    const finish = (position: ProgramPosition | undefined): void => {
      if (done) return
      done = true
      clearTimeout(timer)
      // why: the session stays open: closing it would resume the program, and the isolate is
      // abandoned paused until its process exits (disposing a paused isolate crashes isolated-vm).
      resolve(position)
    }
    const timer = setTimeout(() => finish(undefined), timeoutMs)
    session.onResponse = () => undefined
    session.onNotification = (text: string) => {
      let message: { method?: unknown; params?: { scriptId?: unknown; url?: unknown; callFrames?: unknown } }
      try {
        message = JSON.parse(text) as typeof message
      } catch {
        return
      }
      if (message.method === 'Debugger.scriptParsed') {
        if (message.params?.url === PROGRAM_FILE && typeof message.params.scriptId === 'string')
          programScripts.add(message.params.scriptId)
      } else if (message.method === 'Debugger.paused') {
        finish(topProgramFrame(message.params?.callFrames, programScripts))
      }
    }
    try {
      session.dispatchProtocolMessage(JSON.stringify({ id: 1, method: 'Debugger.enable' }))
      session.dispatchProtocolMessage(JSON.stringify({ id: 2, method: 'Debugger.pause' }))
    } catch {
      finish(undefined)
    }
  })
}

/**
 * Where a run was at a budget kill: `executing` on the isolate's thread (paused to read its top
 * frame), `waiting` idle on a call or timer, or `resumed` on the host's thread in the code after a
 * settled call (isolated-vm's timeout stopped it there, so nothing can be paused).
 */
export type KillSite = 'executing' | 'waiting' | 'resumed'

/**
 * What a budget failure's message ends with: ` (at L:C)` for a program that is executing,
 * ` while waiting on tools.x (at L:C)` for one idle on a call or timer, ` after tools.x settled
 * (at L:C)` for code resumed on the host's thread; '' when none is known. Never rejects.
 * `executing` pauses the isolate for good (see {@link pausedPosition}).
 */
export async function budgetSite(
  isolate: ivm.Isolate,
  context: GuestContext | undefined,
  where: KillSite,
  timeoutMs = LOCATE_MS,
): Promise<string> {
  try {
    if (where === 'executing') {
      const at = await pausedPosition(isolate, timeoutMs)
      return at === undefined ? '' : ` (at ${at.line}:${at.column})`
    }
    if (where === 'resumed') {
      const after = await within(context?.resumedAfter(timeoutMs), timeoutMs)
      return after === undefined ? '' : ` after ${after}`
    }
    const on = await within(context?.waitingOn(timeoutMs), timeoutMs)
    return on === undefined ? '' : ` while waiting on ${on}`
  } catch {
    return ''
  }
}

/**
 * `answer`, or undefined once `ms` passed: isolated-vm's `timeout` bounds how long the question
 * runs, not how long it waits behind a task still executing on the isolate's thread.
 */
async function within(answer: Promise<string | undefined> | undefined, ms: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)))
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

function topProgramFrame(frames: unknown, programScripts: ReadonlySet<string>): ProgramPosition | undefined {
  if (!Array.isArray(frames)) return undefined
  for (const frame of frames as CallFrame[]) {
    const { scriptId, lineNumber, columnNumber } = frame.location ?? {}
    if (typeof scriptId !== 'string' || !programScripts.has(scriptId)) continue
    if (typeof lineNumber !== 'number' || typeof columnNumber !== 'number') continue
    // why: the inspector counts from 0 and already applies the script's line offset (-1, the
    // wrapper's head line), so line N here is the model's line N - 1.
    return { line: lineNumber + 1, column: columnNumber + 1 }
  }
  return undefined
}
