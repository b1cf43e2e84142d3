// Why a sequential binding call costs ~25 µs in one bench run and ~70 µs in another:
// each call is a hand-off between the host thread and the isolate's thread. Run it free and then
// pinned to one core, and compare (not a test; numbers vary by machine):
//   node --no-node-snapshot --conditions=@isocode/source --import tsx packages/isolate-runtime/scripts/call-affinity.ts free
//   taskset -c 0 node --no-node-snapshot --conditions=@isocode/source --import tsx packages/isolate-runtime/scripts/call-affinity.ts pinned
// Prints p50/p95 over 40 runs of 1,000 sequential echo calls, as µs per call.
import { Context } from 'cordis'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
const root = new Context()
const fiber = await root.plugin(InProcessIsolateRuntime, {
  poolSize: 2,
  cpuMs: 10_000,
  wallMs: 60_000,
  outputBytes: 1 << 20,
})
const rt = root.get('codeRuntime') as InProcessIsolateRuntime
const tools = [{ global: 'tools', functions: { echo: (args: unknown) => Promise.resolve(args as null) } }]
const SEQ =
  'let last = 0\nfor (let i = 0; i < 1000; i++) last = ((await tools.echo({ i })) as { i: number }).i\nreturn last'
const xs: number[] = []
for (let i = 0; i < 40; i++) {
  const t = performance.now()
  await rt.run({ program: SEQ, bindings: tools })
  xs.push(performance.now() - t)
}
xs.sort((a, b) => a - b)
console.log(
  process.argv[2],
  'us/call p50',
  xs[20].toFixed(1),
  'p95',
  xs[37].toFixed(1),
  'min',
  xs[0].toFixed(1),
  'max',
  xs[39].toFixed(1),
)
await fiber.dispose()
