// Quick timing of warm runs and binding calls (not a test; `pnpm bench` is the real measure):
// node --no-node-snapshot --conditions=@isocode/source --import tsx packages/isolate-runtime/scripts/measure.ts
import { Context } from 'cordis'
import { IsolateRuntime } from '@isocode/isolate-runtime'
const root = new Context()
await root.plugin(IsolateRuntime, { poolSize: 2 })
const rt = root.get('codeRuntime') as IsolateRuntime
const tools = { global: 'tools', functions: { echo: async (a: unknown) => a as null } }
const med = (xs: number[]) => xs.toSorted((a, b) => a - b)[xs.length >> 1]!
for (let i = 0; i < 200; i++) await rt.run({ program: 'return 1', bindings: [] })
const seq: number[] = []
for (let i = 0; i < 500; i++) { const t = performance.now(); await rt.run({ program: 'return 1', bindings: [] }); seq.push((performance.now() - t) * 1000) }
console.log('return 1, back to back: median µs', Math.round(med(seq)))
const spaced: number[] = []
for (let i = 0; i < 200; i++) { await new Promise((r) => setTimeout(r, 3)); const t = performance.now(); await rt.run({ program: 'return 1', bindings: [] }); spaced.push((performance.now() - t) * 1000) }
console.log('return 1, context ready (3 ms apart): median µs', Math.round(med(spaced)))
for (let round = 0; round < 3; round++) {
  const t = performance.now()
  const r = await rt.run({ program: 'let s = 0; for (let i = 0; i < 1000; i++) s += (await tools.echo({ i })).i; return s', bindings: [tools] })
  console.log('1000 sequential calls: µs/call', Math.round((performance.now() - t)), r.value)
}
const t2 = performance.now()
await rt.run({ program: 'await Promise.all(Array.from({ length: 1000 }, (_, i) => tools.echo({ i }))); return 1', bindings: [tools] })
console.log('1000 calls under Promise.all: µs/call', Math.round(performance.now() - t2))
const t3 = performance.now(); let n = 0
await Promise.all([0, 1].map(async () => { while (performance.now() - t3 < 2000) { await rt.run({ program: 'return 1', bindings: [] }); n++ } }))
console.log('2 callers: runs/s', Math.round(n / ((performance.now() - t3) / 1000)))
