import { alternate } from './lib/alternate.ts'
import { bootIsocode, PEER_EXPECTED, PEER_PROGRAMS } from './lib/isocode-tools.ts'
const host = await bootIsocode(undefined, { resumeOnHostThread: true })
const def = await bootIsocode()
for (const key of ['return1', 'calls10', 'calls100'] as const) {
  const stats = await alternate([
    { name: `default ${key}`, fn: () => def.runCode(PEER_PROGRAMS[key], PEER_EXPECTED[key]) },
    { name: `host ${key}`, fn: () => host.runCode(PEER_PROGRAMS[key], PEER_EXPECTED[key]) },
  ], { samples: key === 'calls100' ? 60 : 200, warmup: 10 })
  console.log(stats.map((s) => `${s.name} ${s.median_us}`).join('   '))
}
process.exit(0)
