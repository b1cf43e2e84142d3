// The scripted stand-in child (fixtures/scripted-child.mjs) behind a real ChildHost, for protocol tests.
import { fileURLToPath } from 'node:url'
import type { CodeRunResult } from '@isocode/code-runtime'
import type { ResolvedIsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { type IsolateRunRequest, openRun, type RunOrder } from '../../src/engine/run-request.ts'
import type { ChildExit } from '../../src/supervised/child-exit.ts'

/** What the supervisor hands a ChildHost for `request`: checked and split, its program taken as JavaScript already. */
export function orderOf(request: IsolateRunRequest): RunOrder {
  const { order } = openRun(
    request,
    () => undefined,
    (code) => ({ ok: true, code }),
  )
  if (order === undefined) throw new Error('the request settled before it could run')
  return order
}

export const entry = fileURLToPath(new URL('./fixtures/scripted-child.mjs', import.meta.url))

/** Run one scripted "program" (the steps the child sends back) and wait for the child to die if the run crashed. */
export async function scripted(
  config: ResolvedIsolateRuntimeConfig,
  steps: unknown[],
): Promise<{ result: CodeRunResult; events: string[]; exit: ChildExit | undefined; host: ChildHost }> {
  const events: string[] = []
  let exit: ChildExit | undefined
  let exited!: () => void
  const gone = new Promise<void>((resolve) => (exited = resolve))
  const host = new ChildHost(
    config,
    {
      idle: () => events.push('idle'),
      exited: (_host, info, started) => {
        events.push(`exited started=${started}`)
        exit = info
        exited()
      },
    },
    { entry, execArgv: [] },
  )
  await host.ready
  const { result } = await host.run(orderOf({ program: JSON.stringify(steps), bindings: [] }))
  if (result.error?.kind === 'crash') await gone
  return { result, events, exit, host }
}
