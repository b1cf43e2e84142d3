// The one assembly behind createCodeMode and the CLI (rule R-140): a plan in, the runtime's
// budgets, the registry's limits and an owned store out, and disposal that closes the store last.
import { describe, expect, it } from 'vitest'
import { openApp } from '../src/assembly/app.ts'
import { budgetProblem } from '../src/assembly/plan.ts'
import { testPlan } from './helpers.ts'

const plan = testPlan

describe('openApp', () => {
  it('hands every limit to the part that enforces it, raising the wall budget to a CPU budget above its default', async () => {
    const raised = await openApp(plan({ budgets: { cpuMs: 40_000, memoryMb: 32, toolCalls: 5, sdkBytes: 0 } }))
    try {
      expect(raised.budgets).toMatchObject({ cpuMs: 40_000, wallMs: 40_000, memoryMb: 32 })
      expect([raised.root.tools.toolCalls, raised.root.tools.sdkBytes]).toEqual([5, 0])
      expect(raised.recording).toBe(false)
    } finally {
      await raised.dispose()
    }
    const given = await openApp(plan({ budgets: { cpuMs: 40_000, wallMs: 50_000 } }))
    expect(given.budgets).toMatchObject({ cpuMs: 40_000, wallMs: 50_000 })
    await given.dispose()
  })

  it('opens the store first and closes it last; a store URL makes runs recorded', async () => {
    const app = await openApp(plan({ store: 'memory:' }))
    expect(app.recording).toBe(true)
    await app.dispose()
    await expect(app.store.getRun('x')).rejects.toThrow('the run store is closed')
    await expect(openApp(plan({ store: 'nope:' }))).rejects.toMatchObject({ code: 'INVALID_OPTION' })
  })

  it('names a bad limit the way its caller wrote it, one message for every front door', () => {
    const facade = budgetProblem({ wallMs: 0 }, (key) => `budgets.${key}`)
    const cli = budgetProblem({ wallMs: 0 }, () => '--wall-ms')
    expect(facade).toBe('budgets.wallMs must be a whole number of milliseconds from 1 to 86400000; got 0')
    expect(cli).toBe('--wall-ms must be a whole number of milliseconds from 1 to 86400000; got 0')
  })
})
