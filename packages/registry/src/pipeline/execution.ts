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
// Object.freeze of the identity and cannot be reached around the validating setter. This is a
// plain data class, never a Cordis Service, so the proxy pitfall of #private does not apply.
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

/**
 * Build the ToolExecution: identity fields are frozen own properties, and `signal` is an accessor
 * that accepts an AbortSignal or `undefined` (absence) until {@link sealExecution}.
 */
export function createExecution(identity: ExecutionIdentity, signal: AbortSignal | undefined): ToolExecution {
  return new PipelineExecution(identity, signal)
}

/** Make `signal` final too: from now on the whole execution is immutable. */
export function sealExecution(exec: ToolExecution): void {
  if (exec instanceof PipelineExecution) seal(exec)
}
