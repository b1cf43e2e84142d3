import { IsolateRuntime } from '@isocode/isolate-runtime'
import { describeCodeRuntimeConformance } from '@isocode/code-runtime/conformance'
import { Context } from 'cordis'

describeCodeRuntimeConformance('isolate-runtime', async (budgets) => {
  const root = new Context()
  const fiber = await root.plugin(IsolateRuntime, {
    poolSize: 2,
    cpuBudgetMs: budgets.cpuMs,
    wallBudgetMs: budgets.wallMs,
    outputCapBytes: budgets.outputBytes,
    memoryLimitMb: budgets.memoryMb,
  })
  const runtime = root.get('codeRuntime') as IsolateRuntime
  return { runtime, dispose: async () => void (await fiber.dispose()) }
})
