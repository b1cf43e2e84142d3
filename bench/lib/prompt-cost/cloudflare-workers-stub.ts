// `cloudflare:workers` exists only inside workerd; @cloudflare/codemode's `/ai` entry imports
// `WorkerEntrypoint` from it at load time (for its connector classes, which the suite never
// builds). A module-resolution hook maps the specifier to three empty classes so the entry loads
// in Node; createCodeTool and codeMcpServer never touch them.
import { register } from 'node:module'

const STUB = `export class WorkerEntrypoint { constructor(ctx, env) { this.ctx = ctx; this.env = env } }
export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env } }
export class RpcTarget {}
`

const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === 'cloudflare:workers') return { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(STUB)}`)}, shortCircuit: true }
  return next(specifier, context)
}
`

let registered = false

/** Register the hook once per process (later imports of `cloudflare:workers` get the stub). */
export function stubCloudflareWorkers(): void {
  if (registered) return
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`)
  registered = true
}
