import { cyclicNodes } from './cycles.ts'
import { identifierFragment } from './text.ts'

/** One named type alias that a local `$ref` rendered to. */
export interface TypeAlias {
  readonly name: string
  /** The type expression of the alias body (may span lines, indented from column 0). */
  readonly type: string
  /** The referenced schema's `description`, if it had one. */
  readonly description?: string
}

/** A registered alias whose body has not been rendered yet. */
export interface PendingAlias {
  readonly name: string
  readonly target: Readonly<Record<string, unknown>>
  /** The document the target's own `$ref`s resolve against. */
  readonly root: unknown
  readonly prefix: string
}

/**
 * Collects the named aliases that local `$ref`s render to, across any number of schemas. Each
 * referenced schema object gets exactly one alias, so output stays linear in the input even for
 * diamond-shaped or cyclic reference graphs.
 */
export class TypeAliases {
  private readonly byTarget = new Map<object, string>()
  private readonly taken = new Set<string>()
  private readonly queue: PendingAlias[] = []
  private next = 0
  private readonly done: TypeAlias[] = []
  private checked = 0
  /** Alias → aliases its body names directly (not under an object member, array or tuple). */
  private readonly direct = new Map<string, string[]>()

  /** The alias name for `target`, registering it (and queueing its body) on first use. */
  nameFor(target: Readonly<Record<string, unknown>>, root: unknown, prefix: string, hint: string): string {
    const known = this.byTarget.get(target)
    if (known !== undefined) return known
    const base = `${prefix}_${identifierFragment(hint, 'Def')}`
    let name = base
    for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`
    this.taken.add(name)
    this.byTarget.set(target, name)
    this.queue.push({ name, target, root, prefix })
    return name
  }

  /** The next alias whose body still has to be rendered, in registration order. */
  takePending(): PendingAlias | undefined {
    const pending = this.queue[this.next]
    if (pending !== undefined) this.next++
    return pending
  }

  /** Record the rendered body of a pending alias. */
  define(pending: PendingAlias, type: string): void {
    const description = pending.target.description
    this.done.push(
      typeof description === 'string' ? { name: pending.name, type, description } : { name: pending.name, type },
    )
  }

  /** Note that the body of alias `from` names alias `to` outside any object, array or tuple. */
  noteDirectRef(from: string, to: string): void {
    const edges = this.direct.get(from)
    if (edges === undefined) this.direct.set(from, [to])
    else edges.push(to)
  }

  /**
   * Turn every alias defined since the last call that sits on a cycle of direct references
   * (`type A = B | null; type B = A`) into `unknown`: TypeScript rejects such aliases as
   * circular, and the schema they come from constrains nothing.
   */
  settle(): void {
    const fresh = this.done.slice(this.checked)
    const index = new Map(fresh.map((alias, i) => [alias.name, this.checked + i]))
    for (const name of cyclicNodes([...index.keys()], (n) => (this.direct.get(n) ?? []).filter((t) => index.has(t)))) {
      const at = index.get(name)
      const alias = at === undefined ? undefined : this.done[at]
      if (at !== undefined && alias !== undefined) this.done[at] = { ...alias, type: 'unknown' }
    }
    this.checked = this.done.length
  }

  /** Every alias defined so far, in first-use order. */
  get declarations(): readonly TypeAlias[] {
    return this.done
  }
}
