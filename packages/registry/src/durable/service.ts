// The `runStore` Cordis service (rules ): one run store for the app, opened from a
// URL or given as an object. While it is up, the registry records every run_code run in it.
import { openRunStore, RunStoreError } from '@isocode/run-store'
import type { RunStore } from '@isocode/run-store'
import { configSchema } from '@isocode/harness'
import type { ConfigIssue } from '@isocode/harness'
import { Service } from 'cordis'
import type { Context } from 'cordis'
import { RegistryError } from '../errors.ts'

declare module 'cordis' {
  interface Context {
    runStore: RunStoreService
  }
}

/** Config of the `runStore` plugin. */
export interface RunStoreConfig {
  /**
   * Where runs are kept: `'memory:'` (the default), `'file:<path>'` (SQLite) or
   * `'postgres://user@host/db?schema=name'`, opened (and closed) by the plugin; or a RunStore
   * object, used as given and left to its owner to close.
   */
  store?: string | RunStore
}

const METHODS = ['createRun', 'getRun', 'claim', 'callStarted', 'callDone', 'decide', 'close'] as const

/** Standard Schema of the `runStore` config: a URL string or a RunStore object, nothing else. */
const RunStoreConfigSchema = configSchema<RunStoreConfig>((value) => {
  const issues: ConfigIssue[] = []
  for (const key of Object.keys(value))
    if (key !== 'store') issues.push({ message: `unknown option "${key}" (known: store)`, path: [key] })
  const store = value.store
  if (store !== undefined && typeof store !== 'string') {
    const missing =
      typeof store === 'object' && store !== null
        ? METHODS.filter((m) => typeof (store as Record<string, unknown>)[m] !== 'function')
        : undefined
    if (missing === undefined)
      issues.push({
        message: `store must be a URL ('memory:', 'file:<path>', 'postgres://…') or a RunStore object (got ${store === null ? 'null' : typeof store})`,
        path: ['store'],
      })
    else if (missing.length > 0)
      issues.push({
        message: `store must be a URL or a RunStore; this object lacks ${missing.join(', ')}`,
        path: ['store'],
      })
  }
  if (issues.length > 0) return issues
  return Object.freeze(store === undefined ? {} : { store: store as string | RunStore })
})

/**
 * `ctx.runStore`: the run store durable runs are kept in. The plugin's start opens it (a URL that
 * does not parse or a store that cannot be reached fails the start, naming `runStore.store`) and
 * its dispose closes a store it opened.
 */
export class RunStoreService extends Service {
  static Config = RunStoreConfigSchema
  /** The open store; set once the plugin has started (`ctx.get('runStore')` is undefined before). */
  store!: RunStore
  private readonly given: string | RunStore

  constructor(ctx: Context, config: RunStoreConfig = {}) {
    super(ctx, 'runStore')
    this.given = config.store ?? 'memory:'
  }

  async [Service.init](): Promise<(() => Promise<void>) | undefined> {
    const given = this.given
    try {
      this.store = await openRunStore(given)
    } catch (error) {
      // why: R-147 — bad config fails the plugin's start, naming the field and what was wrong.
      const bad = error instanceof RunStoreError && (error.code === 'INVALID_URL' || error.code === 'UNKNOWN_SCHEME')
      const message = error instanceof Error ? error.message : String(error)
      throw new RegistryError(
        bad ? `runStore.store: ${message}` : `runStore.store: the store could not be opened: ${message}`,
        'INVALID_STORE',
      )
    }
    // why: R-147 — a store the plugin opened is closed with it; a given object stays its owner's.
    if (typeof given !== 'string') return undefined
    const store = this.store
    return () => store.close()
  }
}
