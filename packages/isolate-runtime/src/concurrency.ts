import type { CodeBindingNamespace } from '@isocode/code-runtime'

/** Per namespace: the concurrent members and their bound, read once from the request. */
export type ConcurrencyTables = (ReadonlyMap<string, number> | undefined)[]

/** Each namespace's concurrent members with the namespace's limit (undefined: every call runs alone). */
export function concurrencyTables(namespaces: readonly CodeBindingNamespace[]): ConcurrencyTables {
  return namespaces.map((ns) => {
    const concurrent = ns.concurrent
    return concurrent === undefined ? undefined : new Map(concurrent.members.map((member) => [member, concurrent.limit]))
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
