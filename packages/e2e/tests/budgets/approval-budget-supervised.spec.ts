// One scenario: a pending approval on the process-supervised runtime (rule R-73 in
// docs/registry-contract.md). The child ends the program at its wall budget; the host then aborts
// the run-scoped signal, which cancels the approval, so run_code returns long before the answer.
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootCodeMode, type CodeModeApp, textOf } from '../code-mode/setup.ts'
import { guardedWrite, runOutcomes, slowApproval } from './setup.ts'

const WALL_MS = 500
const PROVIDER_DELAY_MS = 8_000

let app: CodeModeApp
const write = guardedWrite()
const slow = slowApproval(PROVIDER_DELAY_MS)
beforeAll(async () => {
  const runtime = { poolSize: 1, cpuMs: WALL_MS, wallMs: WALL_MS }
  app = await bootCodeMode(
    (root) => root.plugin(SupervisedIsolateRuntime, runtime),
    { cpuMs: 0, wallMs: 0 },
    { tools: [write.tool] },
  )
  await app.root.plugin(slow.plugin)
  write.ask(app.root)
})
afterAll(async () => {
  slow.log.stop()
  await app.dispose()
})

it('ends at the wall budget with timeout; the approval is cancelled and the tool never runs', async () => {
  const agent = await app.agent()
  const started = performance.now()
  const result = await app.runCode('await tools.write({ path: "a.txt" })', { agent: agent.key })
  const returnedAt = performance.now()
  expect(textOf(result)).toMatch(/^run_code failed \(timeout\)/)
  expect(runOutcomes(app.session)).toEqual(['timeout'])
  expect(slow.log.signals.map((signal) => signal.aborted)).toEqual([true])
  expect(slow.log.answeredAt).toBeUndefined()
  expect(returnedAt - started).toBeLessThan(PROVIDER_DELAY_MS)
  expect(write.ran).toEqual([])
}, 30_000)
