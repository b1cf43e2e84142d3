// A minimal replica of the runtime's binding hop on raw isolated-vm (the build Isocode loaded):
// guest → host through an ignored Callback, host → guest through a resolver Reference applied with
// copied arguments, JSON on the wire. No queue, budgets, lossless checks or registry: what is
// left is the physical cost of the two thread hops plus the least guest and host work.
import { ivm as loadedIvm } from './ivm.ts'

type Ivm = typeof loadedIvm

type Context = Ivm['Context']['prototype']
type Isolate = InstanceType<Ivm['Isolate']>
type Reference = InstanceType<Ivm['Reference']>

/**
 * How the host answers a call: inside the callback, after a setImmediate (the runtime's flush),
 * after a setImmediate with a `timeout` on the apply (what the runtime's resolve passes), or after
 * a setImmediate through `applyIgnored` (no completion message back to the host).
 */
export type ReplyMode = 'direct' | 'immediate' | 'immediate+timeout' | 'immediate+ignored'

const GUEST = `
const send = globalThis.__send; delete globalThis.__send;
const pending = new Map(); let seq = 0; let parked; let resumed = 0;
const call = (i) => new Promise((resolve) => { const id = ++seq; pending.set(id, resolve); send(id, JSON.stringify({ i })) });
globalThis.__resolve = (id, payload) => { const r = pending.get(id); pending.delete(id); r(JSON.parse(payload)) };
globalThis.__main = async (n) => { let s = 0; for (let i = 0; i < n; i++) s += Number(await call(i)); send(0, String(s)) };
globalThis.__noop = () => {};
globalThis.__park = () => { (async () => { await new Promise((r) => { parked = r }); resumed++ })() };
globalThis.__wake = () => parked(1);
globalThis.__resumed = () => resumed;
globalThis.__json = (n) => { let s = 0; for (let i = 0; i < n; i++) s += JSON.stringify({ i }).length + Number(JSON.parse('"' + i + '"')); return s };
`

/** One fresh context with the replica guest in it, and the calls the breakdown times. */
export class ReplicaContext {
  private finish: ((text: string) => void) | undefined
  private released = false
  private constructor(
    private readonly context: Context,
    private readonly refs: Record<'resolve' | 'main' | 'noop' | 'park' | 'wake' | 'resumed' | 'json', Reference>,
  ) {}

  /** A fresh context in `isolate` answering calls with `mode`; set-up only, nothing timed. */
  static async create(ivm: Ivm, isolate: Isolate, mode: ReplyMode): Promise<ReplicaContext> {
    const context = await isolate.createContext()
    let self: ReplicaContext | undefined
    const reply = (id: number, payload: string): void => {
      if (mode === 'immediate+ignored')
        return self?.refs.resolve.applyIgnored(undefined, [id, payload], { arguments: { copy: true } })
      const timeout = mode === 'immediate+timeout' ? { timeout: 10_000 } : {}
      self?.refs.resolve.apply(undefined, [id, payload], { arguments: { copy: true }, ...timeout }).catch(() => {})
    }
    const callback = new ivm.Callback(
      (id: number, json: string) => {
        if (id === 0) return self?.finish?.(json)
        // why: the host side of the wire: parse the arguments, answer with the text of i as JSON.
        const payload = JSON.stringify(String((JSON.parse(json) as { i: number }).i))
        if (mode === 'direct') reply(id, payload)
        else setImmediate(() => reply(id, payload))
      },
      { ignored: true },
    )
    await context.global.set('__send', callback)
    await context.eval(GUEST)
    const names = ['resolve', 'main', 'noop', 'park', 'wake', 'resumed', 'json'] as const
    const refs = Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [name, await context.global.get(`__${name}`, { reference: true })] as const),
      ),
    ) as ReplicaContext['refs']
    self = new ReplicaContext(context, refs)
    return self
  }

  /** Run `n` awaited calls in sequence; resolves with the guest's sum (checked by the caller). */
  calls(n: number): Promise<number> {
    const done = new Promise<string>((resolve) => (this.finish = resolve))
    this.refs.main.apply(undefined, [n]).catch(() => {})
    return done.then(Number)
  }

  /** `n` awaited async applies of a no-op: a host → isolate → host round trip each. */
  async applyNoop(n: number): Promise<void> {
    for (let i = 0; i < n; i++) await this.refs.noop.apply(undefined, [])
  }

  /** `n` synchronous applies of `noop` (or of `wake` after `park`): the work without thread hops. */
  applySync(n: number, what: 'noop' | 'park-noop' | 'park-wake'): void {
    for (let i = 0; i < n; i++) {
      if (what !== 'noop') this.refs.park.applySync(undefined, [])
      this.refs[what === 'park-wake' ? 'wake' : 'noop'].applySync(undefined, [])
    }
  }

  /** How many parked guest functions resumed (checks that `park-wake` really resumed them). */
  resumed(): number {
    return this.refs.resumed.applySync(undefined, []) as number
  }

  /** The guest's JSON work of `n` calls (stringify the arguments, parse the result) in one sync apply. */
  json(n: number): number {
    return this.refs.json.applySync(undefined, [n]) as number
  }

  /** Free the references and the context; idempotent. */
  release(): void {
    if (this.released) return
    this.released = true
    for (const ref of Object.values(this.refs)) ref.release()

    this.context.release()
  }
}

/** A warm isolate for replica contexts, on the isolated-vm build Isocode's runtime loaded. */
export function replicaIsolate(): { ivm: Ivm; isolate: Isolate } {
  const ivm = loadedIvm
  return { ivm, isolate: new ivm.Isolate({ memoryLimit: 64 }) }
}
