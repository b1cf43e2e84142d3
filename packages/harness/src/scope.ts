import { Context } from 'cordis'
import type { ScopeKey } from './scope-key.ts'

// why: a module-private symbol, so only this module can tag a context or read the tag.
const kScope = Symbol('isocode.scope')

type Tagged = Context & { readonly [kScope]?: ScopeKey }

/** An agent's own Cordis context: everything registered through `ctx` is owned by this scope. */
export interface AgentScope {
  /** The opaque identity scoped registrations and events are keyed by. */
  readonly key: ScopeKey
  /** The agent's context: a child fiber of the owner tagged with `key`. */
  readonly ctx: Context
  /** Dispose every tool, guard, listener and section registered through `ctx`; idempotent. */
  dispose(): Promise<void>
}

/** The `thisArg` of a scope-filtered dispatch (`ctx.waterfall(scopeTarget(s), name, ...)`). */
export interface ScopedCarrier {
  readonly scope: ScopeKey | undefined
  [Context.filter](listener: Context): boolean
}

// why: one shared plugin function; every `plugin()` call of it is an independent child fiber.
function agentScope(): void {}

/**
 * Mint an agent scope under `owner`: a child fiber tagged with a fresh frozen ScopeKey, disposed
 * with `owner` too. Mint it from a plugin that injects the services the agent will use.
 */
export function createAgentScope(owner: Context): AgentScope {
  const key = Object.freeze(Object.create(null) as object) as ScopeKey
  const fiber = owner.plugin(agentScope)
  const ctx = fiber.ctx.extend({ [kScope]: key })
  let disposing: Promise<void> | undefined
  return Object.freeze({
    key,
    ctx,
    // why: after the owner is gone `fiber.dispose()` returns nothing; callers still get a promise.
    dispose: () => (disposing ??= Promise.resolve(fiber.dispose()).then(() => undefined)),
  })
}

/** The scope a context belongs to, or `undefined` for a plain (global) plugin context. */
export function scopeOf(ctx: Context): ScopeKey | undefined {
  return (ctx as Tagged)[kScope]
}

const globalTarget: ScopedCarrier = Object.freeze({
  scope: undefined,
  [Context.filter]: (listener: Context) => scopeOf(listener) === undefined,
})

const targets = new WeakMap<ScopeKey, ScopedCarrier>()

/**
 * The dispatch `thisArg` for `scope`: global listeners always run, a scoped listener runs only
 * when it was registered from that same scope.
 */
export function scopeTarget(scope: ScopeKey | undefined): ScopedCarrier {
  if (scope === undefined) return globalTarget
  let target = targets.get(scope)
  if (target === undefined) {
    target = Object.freeze({
      scope,
      [Context.filter]: (listener: Context) => {
        const tag = scopeOf(listener)
        return tag === undefined || tag === scope
      },
    })
    targets.set(scope, target)
  }
  return target
}
