// Shared parts of the budget suites: a counting echo tool, the run_code failure head, the outcome
// a run's `tool/code-run` event reports, a slow approval provider and a tool that asks for it.
import { ApprovalService } from '@isocode/harness'
import type { ApprovalOutcome, ApprovalRequestOptions, ApprovalSubject } from '@isocode/harness'
import type { ToolDefinition } from '@isocode/registry'
import type { Context } from 'cordis'
import type { RecordingSession } from '../code-mode/setup.ts'

/** An `echo` tool that counts how many times its body ran. */
export function countingEcho(): { tool: ToolDefinition; count: () => number } {
  let count = 0
  const tool: ToolDefinition = {
    name: 'echo',
    description: 'Echo.',
    parameters: { type: 'object' },
    execute: async () => (count++, [{ type: 'text', text: 'e' }]),
  }
  return { tool, count: () => count }
}

/** The outcome of every `tool/code-run` event the session recorded, in order. */
export function runOutcomes(session: RecordingSession): unknown[] {
  return session.events.filter(({ event }) => event.type === 'tool/code-run').map(({ event }) => event.outcome)
}

/** The head of run_code's failure text when the tool-call budget ended the run, up to the refused call's position. */
export const limitHead = (max: number): string =>
  `run_code failed (tool-call-limit): the program made more than ${max} tool calls (toolCalls); call ${max + 1} was not run (at `

/** What a slow approval provider saw, and when it answered. */
export interface SlowApprovalLog {
  signals: AbortSignal[]
  /** Filled when the provider answers (after its delay), never when the registry stopped waiting. */
  answeredAt: number | undefined
  /** Resolves when the first request arrives. */
  asked: Promise<void>
  /** Clears the pending answer's timer. */
  stop(): void
}

/**
 * An approval provider that answers `allowed-once` only after `delayMs`, like a person who is away,
 * ignoring the signal it is handed (the registry must stop waiting on its own).
 */
export function slowApproval(delayMs: number): { plugin: new (ctx: Context) => ApprovalService; log: SlowApprovalLog } {
  const timers: NodeJS.Timeout[] = []
  let asked!: () => void
  const log: SlowApprovalLog = {
    signals: [],
    answeredAt: undefined,
    asked: new Promise((resolve) => (asked = resolve)),
    stop: () => timers.forEach(clearTimeout),
  }
  class SlowApproval extends ApprovalService {
    request(
      _execution: ApprovalSubject,
      _reason: string | undefined,
      options?: ApprovalRequestOptions,
    ): Promise<ApprovalOutcome> {
      if (options !== undefined) log.signals.push(options.signal)
      asked()
      return new Promise((resolve) =>
        timers.push(setTimeout(() => ((log.answeredAt = performance.now()), resolve('allowed-once')), delayMs)),
      )
    }
  }
  return { plugin: SlowApproval, log }
}

/** Make every call of `write` under `root` ask for approval. */
function askForWrite(root: Context): void {
  root.on('tools/pre-execute', async (exec, next) =>
    exec.name === 'write' ? { kind: 'ask', reason: 'writes a file' } : next(),
  )
}

/** A `write` tool that asks for approval on every call and records whether its body ever ran. */
export function guardedWrite(): { tool: ToolDefinition; ran: string[]; ask: (root: Context) => void } {
  const ran: string[] = []
  const tool: ToolDefinition = {
    name: 'write',
    description: 'Write a file (asks first).',
    parameters: { type: 'object' },
    execute: async (_args, exec) => (ran.push(exec.callId), [{ type: 'text', text: 'written' }]),
  }
  return { tool, ran, ask: askForWrite }
}
