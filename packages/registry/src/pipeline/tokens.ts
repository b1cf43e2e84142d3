import type { ToolExecutionToken } from '../types.ts'
import type { TokenIssuer } from './host.ts'

/**
 * A fresh issuer of execution tokens: frozen, prototype-less, property-free objects that support
 * `===` only. `owns` recognises exactly the tokens this issuer minted (rule R-28 in docs/registry-contract.md).
 */
export function createTokenIssuer(): TokenIssuer {
  // why: a WeakSet keeps tokens property-free and lets finished executions' tokens be collected.
  const issued = new WeakSet<object>()
  return Object.freeze({
    issue(): ToolExecutionToken {
      const token = Object.freeze(Object.create(null) as object)
      issued.add(token)
      return token as ToolExecutionToken
    },
    owns(token: unknown): token is ToolExecutionToken {
      return typeof token === 'object' && token !== null && issued.has(token)
    },
  })
}
