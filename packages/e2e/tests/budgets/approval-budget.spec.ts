// Approvals are bounded by the run (rules in docs/registry-contract.md), on the real
// in-process isolate runtime: a program waiting on an approval ends at its wall budget (or its
// abort), the pending approval is cancelled and the tool never runs, whenever the answer comes.
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { bootCodeMode, type CodeModeApp, textOf } from '../code-mode/setup.ts'
import { guardedWrite, runOutcomes, type SlowApprovalLog, slowApproval } from './setup.ts'

// why: the provider answers long after the wall budget; on a registry that waits for it, run_code
// returns after the answer, which is the ordering these tests refuse.
const WALL_MS = 500
const PROVIDER_DELAY_MS = 8_000

let booted: CodeModeApp | undefined
let provider: SlowApprovalLog | undefined
afterEach(async () => {
  provider?.stop()
  await booted?.dispose()
  booted = provider = undefined
})

async function boot() {
  const write = guardedWrite()
  const app = await bootCodeMode(
    (root) => root.plugin(InProcessIsolateRuntime, { poolSize: 1, cpuMs: WALL_MS, wallMs: WALL_MS }),
    { cpuMs: 0, wallMs: 0 },
    { tools: [write.tool] },
  )
  const slow = slowApproval(PROVIDER_DELAY_MS)
  booted = app
  provider = slow.log
  await app.root.plugin(slow.plugin)
  write.ask(app.root)
  return { app, ran: write.ran, approval: slow.log, agent: await app.agent() }
}

const dispatched = (app: CodeModeApp) =>
  app.session.events.filter(({ event }) => event.type === 'tool/code-dispatch').map(({ event }) => event.error)

describe('a pending approval inside run_code', () => {
  it('ends at the wall budget with timeout: the approval is cancelled and the tool never runs', async () => {
    const { app, ran, approval, agent } = await boot()
    const started = performance.now()
    const result = await app.runCode('console.log("asking")\nawait tools.write({ path: "a.txt" })\nreturn "written"', {
      agent: agent.key,
    })
    const returnedAt = performance.now()
    expect(textOf(result)).toMatch(/^run_code failed \(timeout\): [\s\S]*logs before the failure:\nasking$/)
    expect(runOutcomes(app.session)).toEqual(['timeout'])
    expect(approval.signals).toHaveLength(1)
    expect(approval.signals[0]?.aborted).toBe(true)
    expect(approval.answeredAt).toBeUndefined()
    expect(returnedAt - started).toBeLessThan(PROVIDER_DELAY_MS)
    expect(ran).toEqual([])
    expect(dispatched(app)).toEqual([{ name: 'RegistryError', code: 'ABORTED' }])
  }, 30_000)

  it('ends with abort when the outer call is aborted while the approval is pending', async () => {
    const { app, ran, approval, agent } = await boot()
    const outer = new AbortController()
    const pending = app.runCode('await tools.write({ path: "a.txt" })', { agent: agent.key, signal: outer.signal })
    await approval.asked
    outer.abort(new Error('user pressed stop'))
    const result = await pending
    expect(textOf(result)).toMatch(/^run_code failed \(abort\)/)
    expect(runOutcomes(app.session)).toEqual(['abort'])
    expect(approval.signals[0]?.aborted).toBe(true)
    expect(approval.answeredAt).toBeUndefined()
    expect(ran).toEqual([])
  }, 30_000)
})
