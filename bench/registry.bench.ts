// execute() of a trivial tool through the real ToolRegistry with 0, 1 and 5 pass-through listeners
// on each pipeline seam, plus a defineTool tool validating a 10-field argument object.
import { defineTool, ToolRegistry, type ToolExecution, type ToolExecutionResult } from '@isocode/registry'
import { Context } from 'cordis'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

type Seam = 'tools/pre-execute' | 'tools/execute' | 'tools/post-execute' | 'tools/result'
const SEAMS: readonly Seam[] = ['tools/pre-execute', 'tools/execute', 'tools/post-execute', 'tools/result']

function listen(root: Context, seam: Seam): void {
  switch (seam) {
    case 'tools/pre-execute':
      root.on(seam, async (_exec, next) => next())
      return
    case 'tools/execute':
      root.on(seam, async (_exec, next) => next())
      return
    case 'tools/post-execute':
      root.on(seam, async (_exec, _result, next) => next())
      return
    case 'tools/result':
      root.on(seam, () => {})
  }
}

// why: returns the service held once, as an agent loop holds it: every `ctx.tools` read goes
// through Cordis's property accessor, which builds an Error (stack capture) per read.
async function boot(seam?: Seam, listeners = 0): Promise<{ root: Context; tools: ToolRegistry }> {
  const root = new Context()
  await root.plugin(ToolRegistry)
  root.tools.register({
    name: 'noop',
    parameters: { type: 'object' },
    execute: async () => [{ type: 'text', text: 'ok' }],
  })
  if (seam !== undefined) {
    for (let i = 0; i < listeners; i++) listen(root, seam)
  }
  return { root, tools: root.tools }
}

function expectOk(result: ToolExecutionResult): void {
  if (result.isError) throw new Error(`bench: execute failed: ${JSON.stringify(result)}`)
}

const NO_LISTENERS = 'execute trivial tool, no listeners'
const PER_CALL_LOOKUP = 'ctx.tools.execute trivial tool (service read per call), no listeners'
const PIPELINE_ONLY = 'raw ToolRegistry instance execute (no Cordis proxies), no listeners'

const tenFields = defineTool({
  name: 'ten',
  parameters: {
    path: { type: 'string', required: true },
    offset: { type: 'number' },
    limit: { type: 'number' },
    encoding: { type: 'string', enum: ['utf8', 'latin1'] },
    follow: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    owner: { type: 'string' },
    mode: { type: 'number' },
    recursive: { type: 'boolean', required: true },
    note: { type: 'string' },
  },
  async execute() {
    return [{ type: 'text', text: 'ok' }]
  },
})
const tenArgs = {
  path: '/tmp/a.txt',
  offset: 10,
  limit: 200,
  encoding: 'utf8',
  follow: true,
  tags: ['a', 'b', 'c'],
  owner: 'me',
  mode: 420,
  recursive: false,
  note: 'bench',
} as const
const fakeExec = {} as ToolExecution

const factory: SuiteFactory = async () => {
  const bench = createBench()
  const quiet = await boot()
  let n = 0
  bench.add(NO_LISTENERS, async () => {
    expectOk(await quiet.tools.execute({ callId: `c${n++}`, name: 'noop', arguments: { i: n } }))
  })
  const lookupRoot = quiet.root
  bench.add(PER_CALL_LOOKUP, async () => {
    expectOk(await lookupRoot.tools.execute({ callId: `c${n++}`, name: 'noop', arguments: { i: n } }))
  })
  // why: Cordis hands out traceable proxies; `cordis.original` is the raw instance, so this task
  // isolates the pipeline's own cost from the per-call proxy overhead of a service method call.
  const raw = (quiet.tools as unknown as Record<symbol, ToolRegistry>)[Symbol.for('cordis.original')]
  if (raw === undefined) throw new Error('bench: cordis.original did not expose the raw ToolRegistry')
  bench.add(PIPELINE_ONLY, async () => {
    expectOk(await raw.execute({ callId: `c${n++}`, name: 'noop', arguments: { i: n } }))
  })
  for (const seam of SEAMS) {
    for (const count of [1, 5]) {
      const { tools } = await boot(seam, count)
      bench.add(`execute trivial tool, ${count} ${seam} listener${count === 1 ? '' : 's'}`, async () => {
        expectOk(await tools.execute({ callId: `c${n++}`, name: 'noop', arguments: { i: n } }))
      })
    }
  }
  bench.add('defineTool validation of a 10-field argument object', async () => {
    await tenFields.execute(tenArgs as never, fakeExec)
  })
  return {
    bench,
    metrics: (stats) => ({
      registry_execute_no_listeners_median_us: stat(stats, NO_LISTENERS).median_us,
      registry_execute_service_read_per_call_median_us: stat(stats, PER_CALL_LOOKUP).median_us,
      registry_pipeline_only_median_us: stat(stats, PIPELINE_ONLY).median_us,
    }),
  }
}

export default factory
