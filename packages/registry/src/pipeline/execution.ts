import type { JsonObject, ScopeKey, ToolExecution, ToolExecutionToken } from '../types.ts'

/** The identity of one execution, fixed before any policy runs. */
export interface ExecutionIdentity {
  token: ToolExecutionToken
  callId: string
  name: string
  arguments: Readonly<JsonObject>
  agent: ScopeKey | undefined
  parent: ToolExecutionToken | undefined
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

// why: assigned in the class's static block, so sealing is reachable from this module only and
// never through the execution object (no public `seal` method a listener could call).
let seal: (exec: PipelineExecution) => void

// why: ES #private fields (not TS `private`) hold the one operational field: they survive
// Object.freeze of the identity and cannot be reached around the validating setter. The class is
// only ever reached through the forwarding Proxy below, which always uses the instance itself as
// the receiver, so the #private pitfall of proxies (a `this` without the field) cannot happen.
class PipelineExecution implements ToolExecution {
  declare readonly token: ToolExecutionToken
  declare readonly callId: string
  declare readonly name: string
  declare readonly arguments: Readonly<JsonObject>
  declare readonly agent?: ScopeKey
  declare readonly parent?: ToolExecutionToken
  #signal: AbortSignal | undefined
  #sealed = false

  constructor(identity: ExecutionIdentity, signal: AbortSignal | undefined) {
    const self = this as Mutable<PipelineExecution>
    self.token = identity.token
    self.callId = identity.callId
    self.name = identity.name
    self.arguments = identity.arguments
    // why: optional identity fields are absent (not `undefined`) when the caller gave none.
    if (identity.agent !== undefined) self.agent = identity.agent
    if (identity.parent !== undefined) self.parent = identity.parent
    this.#signal = signal
    Object.freeze(this)
  }

  get signal(): AbortSignal | undefined {
    return this.#signal
  }

  set signal(value: AbortSignal | undefined) {
    if (this.#sealed) throw new TypeError(`exec.signal of "${this.name}" is final once the result is settled`)
    if (value !== undefined && !(value instanceof AbortSignal)) {
      throw new TypeError('exec.signal must be an AbortSignal, or undefined to remove it')
    }
    this.#signal = value
  }

  static {
    seal = (exec) => {
      exec.#sealed = true
    }
  }
}

// why: the executions handed out are Proxies over the frozen class instance, for one reason:
// `delete exec.signal` must restore absence like `exec.signal = undefined` does (the spec lets a
// wrapper "restore absence"), and an accessor on a frozen object cannot observe a delete. Reads
// and writes are forwarded with the TARGET as receiver, so the #private accessors keep working.
// The pipeline keeps the target itself (no proxy→target WeakMap: ~0.4 µs per call in the bench).
function identityChange(target: PipelineExecution, key: string | symbol, verb: string): TypeError {
  return new TypeError(
    `cannot ${verb} exec.${String(key)} of "${target.name}": the call identity is fixed before policy runs; only exec.signal may change`,
  )
}

const handler: ProxyHandler<PipelineExecution> = {
  get: (target, key) => Reflect.get(target, key),
  set: (target, key, value) => {
    if (key !== 'signal') throw identityChange(target, key, 'set')
    target.signal = value as AbortSignal | undefined
    return true
  },
  deleteProperty: (target, key) => {
    if (key === 'signal') {
      // why: the validating setter, so a sealed execution refuses a delete as it refuses `= undefined`.
      target.signal = undefined
      return true
    }
    if (Object.hasOwn(target, key)) throw identityChange(target, key, 'delete')
    return true
  },
  defineProperty: (target, key) => {
    if (key === 'signal')
      throw new TypeError(
        'define exec.signal by assignment (exec.signal = signal) or remove it with delete exec.signal',
      )
    throw identityChange(target, key, 'define')
  },
}

/** A pipeline-owned execution: the object listeners see, and the one way to make it final. */
export interface OwnedExecution {
  readonly exec: ToolExecution
  /** Make `signal` final too: from now on the whole execution is immutable. */
  seal(): void
}

/**
 * Build the ToolExecution: identity fields are frozen own properties, and `signal` accepts an
 * AbortSignal, `undefined` or `delete` (absence) until the owner seals it.
 */
export function createExecution(identity: ExecutionIdentity, signal: AbortSignal | undefined): OwnedExecution {
  const target = new PipelineExecution(identity, signal)
  return { exec: new Proxy(target, handler), seal: () => seal(target) }
}
