import { describeCodeRuntimeConformance } from '@isocode/code-runtime/conformance'
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { Context } from 'cordis'

// why: the supervised backend must be a drop-in ctx.codeRuntime: every case, isolation included.
describeCodeRuntimeConformance('supervised isolate-runtime', async (budgets) => {
  const root = new Context()
  const fiber = await root.plugin(SupervisedIsolateRuntime, {
    poolSize: 2,
    cpuBudgetMs: budgets.cpuMs,
    wallBudgetMs: budgets.wallMs,
    outputCapBytes: budgets.outputBytes,
    memoryLimitMb: budgets.memoryMb,
  })
  const runtime = root.get('codeRuntime') as SupervisedIsolateRuntime
  return { runtime, dispose: async () => void (await fiber.dispose()) }
})
