import type { ScopeKey } from '@isocode/harness'
import type { ToolGuard } from '../types.ts'

// why: each registration is its own entry object, so the same function registered twice is two
// independent guards and lifting one keeps the other.
interface GuardEntry {
  readonly guard: ToolGuard
}

/** Global guards plus per-scope guards, each list in registration order. */
export class Guards {
  private readonly global: GuardEntry[] = []
  private readonly scoped = new Map<ScopeKey, GuardEntry[]>()

  /** Add `guard` to a layer; returns the function that removes exactly this entry. */
  add(scope: ScopeKey | undefined, guard: ToolGuard): () => void {
    const entry: GuardEntry = { guard }
    let list = scope === undefined ? this.global : this.scoped.get(scope)
    if (list === undefined) this.scoped.set(scope as ScopeKey, (list = []))
    list.push(entry)
    return () => {
      const index = list.indexOf(entry)
      if (index >= 0) list.splice(index, 1)
      if (scope !== undefined && list.length === 0 && this.scoped.get(scope) === list) this.scoped.delete(scope)
    }
  }

  /** The guards that apply to `scope`: global ones first, then the scope's own. */
  for(scope: ScopeKey | undefined): readonly ToolGuard[] {
    const own = scope === undefined ? undefined : this.scoped.get(scope)
    const all = own === undefined ? this.global : [...this.global, ...own]
    return all.map((entry) => entry.guard)
  }

  /** Number of scopes with guards (for leak checks). */
  get scopedLayers(): number {
    return this.scoped.size
  }
}
