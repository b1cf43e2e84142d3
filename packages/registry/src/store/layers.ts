import type { ScopeKey } from '@isocode/harness'
import type { ToolDefinition } from '../types.ts'

/**
 * The tool tables: one global layer plus one layer per agent scope. A scoped entry shadows the
 * same-named global one for that scope only. Empty scoped layers are dropped.
 */
export class ToolLayers {
  private readonly global = new Map<string, ToolDefinition>()
  private readonly scoped = new Map<ScopeKey, Map<string, ToolDefinition>>()

  /** The layer `scope` registers into, if it exists. */
  layer(scope: ScopeKey | undefined): ReadonlyMap<string, ToolDefinition> | undefined {
    return scope === undefined ? this.global : this.scoped.get(scope)
  }

  /** Whether `name` is taken in exactly this layer (no shadowing). */
  has(scope: ScopeKey | undefined, name: string): boolean {
    return this.layer(scope)?.has(name) === true
  }

  /** Add a snapshot; the caller has checked for duplicates. */
  add(scope: ScopeKey | undefined, definition: ToolDefinition): void {
    let layer = scope === undefined ? this.global : this.scoped.get(scope)
    if (layer === undefined) this.scoped.set(scope as ScopeKey, (layer = new Map()))
    layer.set(definition.name, definition)
  }

  /** Remove exactly this snapshot (a later registration of the same name is left alone). */
  remove(scope: ScopeKey | undefined, definition: ToolDefinition): boolean {
    const layer = scope === undefined ? this.global : this.scoped.get(scope)
    if (layer?.get(definition.name) !== definition) return false
    layer.delete(definition.name)
    if (scope !== undefined && layer.size === 0) this.scoped.delete(scope)
    return true
  }

  /** Global names in registration order. */
  globalNames(): string[] {
    return [...this.global.keys()]
  }

  /** Number of scopes that currently own at least one tool (for leak checks). */
  get scopedLayers(): number {
    return this.scoped.size
  }
}
