import { bootIsocode, PEER_EXPECTED, PEER_PROGRAMS } from './lib/isocode-tools.ts'
const host = await bootIsocode(undefined, { resumeOnHostThread: true })
for (let i = 0; i < 30; i++) await host.runCode(PEER_PROGRAMS.calls100, PEER_EXPECTED.calls100)
const t = performance.now()
for (let i = 0; i < 200; i++) await host.runCode(PEER_PROGRAMS.calls100, PEER_EXPECTED.calls100)
console.log('per run us', ((performance.now() - t) * 1000 / 200).toFixed(0))
await host.dispose(); process.exit(0)
