import type { EventLoopUtilization } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import {
  type CodeBindingNamespace,
  type CodeCallSite,
  JOURNAL_LIMIT,
  type RunJournal,
  type CodeRunFailure,
  type CodeRunResult,
  type JsonValue,
  bindingErrorCode,
  toLosslessJson,
  withUsage,
} from '@isocode/code-runtime'
import { capOutput } from './output.ts'
import { PROGRAM_PREFIX } from './program-wrapper.ts'

/** Budgets of one baseline run. */
export interface WorkerBudgets {
  cpuMs: number
  wallMs: number
  outputBytes: number
  memoryMb: number
}

type Inbound =
  | { t: 'start' }
  | { t: 'log'; text: string }
  | { t: 'call'; id: number; ns: number; name: string; args: string; site?: CodeCallSite }
  | { t: 'journal'; chunk: RunJournal }
  | { t: 'done'; value?: string; error?: CodeRunFailure }

const WORKER_URL = new URL('./worker-main.mjs', import.meta.url)
const CPU_POLL_MS = 10

/** One run in a fresh worker: settles once, terminates the worker, never rejects. */
export class WorkerRun {
  readonly result: Promise<CodeRunResult>
  private readonly logs: string[] = []
  private logBytes = 2
  private settled = false
  private readonly worker: Worker
  private readonly queue: Array<Extract<Inbound, { t: 'call' }>> = []
  private draining = false
  private resolve!: (result: CodeRunResult) => void
  private started: EventLoopUtilization | undefined
  private readonly createdAt = performance.now()
  private bindingCalls = 0
  private bindingMs = 0
  private readonly journal: RunJournal | undefined
  private journalSize = 0

  constructor(
    code: string,
    private readonly bindings: readonly CodeBindingNamespace[],
    private readonly budgets: WorkerBudgets,
    /** Each log line kept under the output cap, as it arrives (the `console` events of rule RT-45). */
    private readonly onLine?: (line: string) => void,
    /** The journal to serve, when the run keeps one (rule RT-49); what the program observes is kept in {@link journal}. */
    journal?: RunJournal,
  ) {
    if (journal !== undefined) this.journal = { clock: [], random: [], timers: [] }
    this.result = new Promise((resolve) => (this.resolve = resolve))
    const namespaces = bindings.map((ns) => ({
      global: ns.global,
      members: Object.keys(ns.functions),
      errorClass: ns.errorClass,
    }))
    this.worker = new Worker(WORKER_URL, {
      workerData: { code, namespaces, prefixLength: PROGRAM_PREFIX.length, journal },
      env: {},
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: budgets.memoryMb },
      stdout: true,
      stderr: true,
    })
    this.worker.on('message', (message: Inbound) => this.onMessage(message))
    this.worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.fail('memory', `heap limit of ${budgets.memoryMb} MB reached`)
      else this.fail('crash', `worker error: ${error.message}`)
    })
    this.worker.on('exit', (exitCode) => this.fail('crash', `worker exited with code ${exitCode} before completing`))
    const wall = setTimeout(
      () => this.fail('timeout', `wall-clock budget of ${budgets.wallMs} ms exceeded`),
      budgets.wallMs,
    )
    // why: charge the program, not the worker's boot: event-loop active time since the program started.
    const cpu = setInterval(() => {
      if (this.started === undefined) return
      if (this.worker.performance.eventLoopUtilization(this.started).active > budgets.cpuMs) {
        this.fail('timeout', `cpu budget of ${budgets.cpuMs} ms exceeded`)
      }
    }, CPU_POLL_MS)
    void this.result.finally(() => {
      clearTimeout(wall)
      clearInterval(cpu)
    })
  }

  /** End the run from outside (abort, dispose); a no-op once settled. */
  fail(kind: CodeRunFailure['kind'], message: string): void {
    this.settle({ logs: this.logs, error: { kind, message } })
  }

  private settle(result: Omit<CodeRunResult, 'usage'>): void {
    if (this.settled) return
    this.settled = true
    // why: the worker's event-loop active time since the program started is the CPU the budget
    // charges (node 20 has no per-thread CPU clock); read before the worker is terminated.
    // why: the difference of two readings can come out a hair below zero for an idle worker.
    const cpuMs =
      this.started === undefined ? 0 : Math.max(0, this.worker.performance.eventLoopUtilization(this.started).active)
    const measured = {
      cpuMs,
      wallMs: performance.now() - this.createdAt,
      bindingCalls: this.bindingCalls,
      bindingMs: this.bindingMs,
    }
    // why: like upstream, the worker is gone before run() resolves.
    const journal = this.journal
    void this.worker.terminate().then(() => {
      const final = withUsage(capOutput(result, this.budgets.outputBytes), measured)
      this.resolve(journal === undefined ? final : { ...final, journal })
    })
  }

  private onMessage(message: Inbound): void {
    if (this.settled) return
    if (message.t === 'start') {
      this.started = this.worker.performance.eventLoopUtilization()
    } else if (message.t === 'log') {
      this.logs.push(message.text)
      this.logBytes += Buffer.byteLength(JSON.stringify(message.text)) + 1
      // why: stop a runaway logger early instead of buffering it until a budget fires.
      if (this.logBytes > this.budgets.outputBytes)
        this.fail('output-limit', `output exceeded ${this.budgets.outputBytes} bytes`)
      else this.onLine?.(message.text)
    } else if (message.t === 'journal') {
      this.journaled(message.chunk)
    } else if (message.t === 'call') {
      this.queue.push(message)
      void this.drain()
    } else if (message.error !== undefined) {
      this.settle({ logs: this.logs, error: message.error })
    } else {
      this.settle(
        message.value === undefined
          ? { logs: this.logs }
          : { logs: this.logs, value: JSON.parse(message.value) as JsonValue },
      )
    }
  }

  private journaled(chunk: RunJournal): void {
    const journal = this.journal
    if (journal === undefined) return
    for (const key of ['clock', 'random', 'timers'] as const) {
      const part: unknown = chunk[key]
      // why: the program shares the worker's realm and could post a message of its own.
      if (!Array.isArray(part) || !part.every((n) => typeof n === 'number' && Number.isFinite(n))) {
        return this.fail('crash', 'the worker sent a malformed journal')
      }
    }
    this.journalSize += chunk.clock.length + chunk.random.length + chunk.timers.length
    if (this.journalSize > JOURNAL_LIMIT)
      return this.fail('output-limit', `the program read the clock or random values more than ${JOURNAL_LIMIT} times`)
    // why: a loop, not push(...part): one turn's part can be longer than the call stack allows.
    for (const key of ['clock', 'random', 'timers'] as const) for (const n of chunk[key]) journal[key].push(n)
  }

  // why: the serialized queue: one binding call reaches the host at a time, in submission order.
  private async drain(): Promise<void> {
    if (this.draining) return
    this.draining = true
    for (let call = this.queue.shift(); call !== undefined && !this.settled; call = this.queue.shift()) {
      const reply = await this.invoke(call)
      // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Worker, not a window
      if (!this.settled) this.worker.postMessage(reply)
    }
    this.draining = false
  }

  private async invoke(call: Extract<Inbound, { t: 'call' }>): Promise<object> {
    const ns = this.bindings[call.ns]
    const fn = ns !== undefined && Object.hasOwn(ns.functions, call.name) ? ns.functions[call.name] : undefined
    if (fn === undefined) return { id: call.id, ok: false, message: `unknown binding ${call.name}` }
    this.bindingCalls++
    const began = performance.now()
    try {
      const args: unknown = JSON.parse(call.args)
      const value: unknown = await (call.site === undefined ? fn(args) : fn(args, call.site))
      if (value === undefined) return { id: call.id, ok: true }
      const copy = toLosslessJson(value)
      if (!copy.ok)
        return { id: call.id, ok: false, message: `binding resolution must be lossless JSON: ${copy.reason}` }
      return { id: call.id, ok: true, json: JSON.stringify(copy.value) }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // why: RT-63 — the thrown error's code reaches the program's error.
      const code = bindingErrorCode(error)
      return code === undefined ? { id: call.id, ok: false, message } : { id: call.id, ok: false, message, code }
    } finally {
      this.bindingMs += performance.now() - began
    }
  }
}
