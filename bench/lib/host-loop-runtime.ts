// A bench-only `ctx.codeRuntime` with no sandbox: it recognises the sequential echo program and
// makes its calls from the host, in sequence, through the bindings run_code gave it. Loaded under
// the registry, run_code's per-call cost on it is the registry and the bridge alone, no isolate.
import { CodeRuntime, type CodeRunRequest, type CodeRunResult, withUsage } from '@isocode/code-runtime'

const CALLS = /i < (\d+); i\+\+\) n \+= Number\(await tools\.echo\(\{ i \}\)\)/

/** Runs `return 1` and `sequentialEcho(n)` programs on the host; anything else is refused. */
export class HostLoopRuntime extends CodeRuntime {
  readonly language = 'typescript'
  readonly isolation = 'none (bench stand-in)'

  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    if (request.program.trim() === 'return 1') return withUsage({ value: 1, logs: [] })
    const match = CALLS.exec(request.program)
    const echo = request.bindings?.find((ns) => ns.global === 'tools')?.functions.echo
    if (match === null || echo === undefined) {
      return withUsage({
        logs: [],
        error: { kind: 'exception', message: 'HostLoopRuntime only runs the bench echo programs' },
      })
    }
    let n = 0
    for (let i = 0; i < Number(match[1]); i++) n += Number(await echo({ i }))
    return withUsage({ value: n, logs: [] })
  }
}
