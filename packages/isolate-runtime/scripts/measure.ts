// Timing of the isolate runtime, item by item (not a test; `pnpm bench isolate` is the record):
//   node --no-node-snapshot --conditions=@isocode/source --import tsx \
//     packages/isolate-runtime/scripts/measure.ts [module] [rounds]
// `module` (default the package) lets two builds be compared in one sitting; every number is the
// median over `rounds` rounds (default 3), each itself a median, so a noisy neighbour moves it less.
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import type { CodeRuntime } from '@isocode/code-runtime'
import { Context, type Plugin } from 'cordis'

const target = process.argv[2] ?? '@isocode/isolate-runtime'
const rounds = Number(process.argv[3] ?? 3)
const spec = target.startsWith('.') || target.startsWith('/') ? pathToFileURL(resolve(target)).href : target
const { InProcessIsolateRuntime } = (await import(spec)) as { InProcessIsolateRuntime: Plugin }

const root = new Context()
await root.plugin(InProcessIsolateRuntime, { poolSize: 2, cpuMs: 10_000, wallMs: 60_000, outputBytes: 1 << 20 })
const runtime = root.get('codeRuntime') as CodeRuntime
const tools = [{ global: 'tools', functions: { echo: (args: unknown) => Promise.resolve(args as null) } }]
const SEQUENTIAL =
  'let last = 0\nfor (let i = 0; i < 1000; i++) last = ((await tools.echo({ i })) as { i: number }).i\nreturn last'
const PARALLEL =
  'const all = await Promise.all(Array.from({ length: 1000 }, (_, i) => tools.echo({ i })))\nreturn all.length'

const median = (xs: number[]): number => xs.toSorted((a, b) => a - b)[xs.length >> 1] ?? Number.NaN
const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms))

async function timed(program: string, withTools = false): Promise<number> {
  const start = performance.now()
  const result = await runtime.run({ program, bindings: withTools ? tools : [] })
  if (result.error !== undefined) throw new Error(`measure: run failed: ${JSON.stringify(result.error)}`)
  return (performance.now() - start) * 1000
}

async function series(count: number, gapMs: number, program = 'return 1', withTools = false): Promise<number> {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    if (gapMs > 0) await pause(gapMs)
    samples.push(await timed(program, withTools))
  }
  return median(samples)
}

/** Two callers back to back for `ms`: runs/s, and µs of main-thread work and of process CPU per run. */
async function callers(ms: number): Promise<{ perSecond: number; mainUs: number; cpuUs: number }> {
  const elu = performance.eventLoopUtilization()
  const cpu = process.cpuUsage()
  const start = performance.now()
  let runs = 0
  await Promise.all(
    [0, 1].map(async () => {
      while (performance.now() - start < ms) {
        await timed('return 1')
        runs++
      }
    }),
  )
  const seconds = (performance.now() - start) / 1000
  const used = process.cpuUsage(cpu)
  const active = performance.eventLoopUtilization(elu).active
  return { perSecond: runs / seconds, mainUs: (active * 1000) / runs, cpuUs: (used.user + used.system) / runs }
}

await series(300, 0)
const rows: Record<string, number[]> = {}
const record = (name: string, value: number): void => {
  ;(rows[name] ??= []).push(value)
}
for (let round = 0; round < rounds; round++) {
  record('return 1, prepared context (runs 5 ms apart), µs', await series(200, 5))
  record('return 1, back to back, µs', await series(400, 0))
  const warm = await series(100, 0)
  record('sequential binding call, µs/call', ((await series(7, 0, SEQUENTIAL, true)) - warm) / 1000)
  record('binding call under Promise.all, µs/call', ((await series(7, 0, PARALLEL, true)) - warm) / 1000)
  const two = await callers(2000)
  record('2 callers, runs/s', two.perSecond)
  record('2 callers, main-thread µs per run', two.mainUs)
  record('2 callers, process CPU µs per run', two.cpuUs)
}
console.log(`${target} (median of ${rounds} rounds)`)
for (const [name, values] of Object.entries(rows)) console.log(`  ${name.padEnd(48)} ${median(values).toFixed(1)}`)
await root.registry.delete(InProcessIsolateRuntime)
