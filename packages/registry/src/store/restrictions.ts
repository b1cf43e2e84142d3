import type { ScopeKey } from '@isocode/harness'
import { RegistryError } from '../errors.ts'
import type { ToolRestriction } from '../types.ts'
import { RUN_CODE } from './reserved.ts'

/** A validated restriction snapshot: the sets are copied at registration. */
export interface RestrictionSnapshot {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
}

function invalid(message: string): never {
  throw new RegistryError(message, 'INVALID_RESTRICTION')
}

function readNames(filter: Record<string, unknown>, key: 'allow' | 'deny'): string[] | undefined {
  const value = filter[key]
  if (value === undefined) return undefined
  if (!Array.isArray(value) || value.some((n) => typeof n !== 'string')) {
    invalid(`tools.restrict: ${key} must be an array of tool names`)
  }
  return [...(value as string[])]
}

const quoted = (names: Iterable<string>): string => [...names].map((n) => `"${n}"`).join(', ')

/**
 * Validate a restriction against the global names a scope inherits and snapshot it. Unknown names,
 * the reserved transport and the empty filter fail loudly, naming the fix.
 */
export function snapshotRestriction(
  filter: ToolRestriction,
  inherited: readonly string[],
  own: ReadonlySet<string>,
): RestrictionSnapshot {
  if (typeof filter !== 'object' || filter === null)
    invalid('tools.restrict: filter must be an object { allow?: string[], deny?: string[] }')
  const allow = readNames(filter as Record<string, unknown>, 'allow')
  const deny = readNames(filter as Record<string, unknown>, 'deny')
  if (allow === undefined && deny === undefined) {
    invalid(
      'tools.restrict({}) restricts nothing: pass allow (keep only these tools) and/or deny (remove these tools); a config that materialized as {} is the usual cause',
    )
  }
  const named = [...(allow ?? []), ...(deny ?? [])]
  if (named.includes(RUN_CODE)) {
    invalid(
      `tools.restrict: "${RUN_CODE}" is the reserved Code Mode transport; it stays available automatically and cannot be named in a restriction`,
    )
  }
  const known = new Set(inherited)
  const unknown = [...new Set(named.filter((n) => !known.has(n)))]
  if (unknown.length > 0) {
    const ownOnly = unknown.filter((n) => own.has(n))
    const hint =
      ownOnly.length > 0
        ? `; ${quoted(ownOnly)} ${ownOnly.length === 1 ? 'is' : 'are'} registered in this scope only, and scoped registrations bypass restrictions`
        : ''
    invalid(
      `tools.restrict: unknown tool${unknown.length === 1 ? '' : 's'} ${quoted(unknown)} (known: ${quoted(inherited.toSorted()) || '(none)'})${hint}`,
    )
  }
  return Object.freeze({
    allow: allow === undefined ? undefined : new Set(allow),
    deny: deny === undefined ? undefined : new Set(deny),
  })
}

/** The restrictions of each scope; a global name is visible only if every restriction allows it. */
export class Restrictions {
  private readonly byScope = new Map<ScopeKey, RestrictionSnapshot[]>()

  add(scope: ScopeKey, restriction: RestrictionSnapshot): void {
    const list = this.byScope.get(scope)
    if (list === undefined) this.byScope.set(scope, [restriction])
    else list.push(restriction)
  }

  remove(scope: ScopeKey, restriction: RestrictionSnapshot): void {
    const list = this.byScope.get(scope)
    const index = list?.indexOf(restriction) ?? -1
    if (list === undefined || index < 0) return
    list.splice(index, 1)
    if (list.length === 0) this.byScope.delete(scope)
  }

  /** Whether the global tool `name` survives every restriction of `scope`. */
  allows(scope: ScopeKey | undefined, name: string): boolean {
    if (scope === undefined) return true
    for (const r of this.byScope.get(scope) ?? []) {
      if (r.allow !== undefined && !r.allow.has(name)) return false
      if (r.deny?.has(name) === true) return false
    }
    return true
  }

  /** Number of scopes with at least one restriction (for leak checks). */
  get size(): number {
    return this.byScope.size
  }
}
