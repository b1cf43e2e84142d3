import type { CodeBindingNamespace } from '@isocode/code-runtime'

/** Per namespace: the concurrent members and their bound, read once from the request. */
export type ConcurrencyTables = (ReadonlyMap<string, number> | undefined)[]

/** Each namespace's concurrent members with the namespace's limit (undefined: every call runs alone). */
export function concurrencyTables(namespaces: readonly CodeBindingNamespace[]): ConcurrencyTables {
  return namespaces.map((ns) => {
    const concurrent = ns.concurrent
    return concurrent === undefined
      ? undefined
      : new Map(concurrent.members.map((member) => [member, concurrent.limit]))
  })
}

/**
 * Whether the next queued call (`limit`: its concurrency bound, undefined = it must run alone) may
 * start while `running` calls run, `exclusive` saying whether one of them runs alone.
 */
export function mayStart(limit: number | undefined, running: number, exclusive: boolean): boolean {
  if (running === 0) return true
  return limit !== undefined && !exclusive && running < limit
}

/**
 * Starts queued binding calls in submission order under {@link mayStart}: both the in-process run
 * and the supervised parent (where the functions run) schedule through it.
 */
export class CallScheduler<C extends { readonly ns: number; readonly member: string }> {
  private readonly waiting: C[] = []
  private running = 0
  private exclusive = false

  constructor(
    private readonly tables: ConcurrencyTables,
    private readonly invoke: (call: C) => Promise<void>,
    /** Whether calls may still start; once false, nothing waiting starts. */
    private readonly open: () => boolean,
  ) {}

  /** Queue `call` and start whatever may start now. */
  push(call: C): void {
    this.waiting.push(call)
    this.pump()
  }

  /** Whether calls wait for earlier ones before their binding is invoked. */
  get queued(): boolean {
    return this.waiting.length > 0
  }

  /** Drop every call that has not started. */
  clear(): void {
    this.waiting.length = 0
  }

  private pump(): void {
    while (this.open()) {
      const next = this.waiting[0]
      if (next === undefined) return
      const limit = this.tables[next.ns]?.get(next.member)
      if (!mayStart(limit, this.running, this.exclusive)) return
      this.waiting.shift()
      this.running++
      this.exclusive = limit === undefined
      void this.invoke(next).finally(() => {
        this.running--
        this.pump()
      })
    }
  }
}
