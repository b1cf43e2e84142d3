// The peer suite: the same three programs through Isocode's run_code (full registry)
// and UTCP's `callToolChain` (@utcp/code-mode 1.2.12: a fresh isolate per run, tool calls through
// `applySyncPromise`), alternated sample by sample in one process and on one isolated-vm build.
// Ratios are Isocode median / UTCP median (< 1: Isocode is faster). Where UTCP cannot run (Node
// 20: isolated-vm 5.0.4, below its peer range ^6) the suite prints why and only times Isocode.
// Isocode runs three ways: in-process (`InProcessIsolateRuntime`, `isocode_vs_utcp_*`), in-process with
// `resumeOnHostThread` (`isocode_host_thread_vs_utcp_*`) and the process-isolated default
// (`isocode_isolated_vs_utcp_*`).
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { alternate, type AlternatedTask } from './lib/alternate.ts'
import { bootIsocode, PEER_EXPECTED, PEER_PROGRAMS } from './lib/isocode-tools.ts'
import { ratio } from './lib/runtime-tasks.ts'
import { createBench, type SuiteFactory } from './lib/suite.ts'
import { loadUtcpPeer, type UtcpPeer } from './lib/utcp-peer.ts'

type ProgramKey = keyof typeof PEER_PROGRAMS
// why: the agreed sample counts (200 runs; 60 for the 100-call program, ~10 ms a sample).
const SAMPLES: Record<ProgramKey, number> = { return1: 200, calls10: 200, calls100: 60 }
const WARMUP = 10
const LABEL: Record<ProgramKey, string> = {
  return1: 'return 1',
  calls10: '10 sequential echo calls',
  calls100: '100 sequential echo calls',
}

const isocodeTask = (key: ProgramKey): string => `isocode run_code: ${LABEL[key]}`
const hostThreadTask = (key: ProgramKey): string => `isocode run_code, resumeOnHostThread: ${LABEL[key]}`
const isolatedTask = (key: ProgramKey): string => `isocode run_code, process-isolated: ${LABEL[key]}`
const utcpTask = (key: ProgramKey): string => `utcp callToolChain: ${LABEL[key]}`

async function checkedUtcp(peer: UtcpPeer, key: ProgramKey): Promise<void> {
  const { result, logs } = await peer.callToolChain(PEER_PROGRAMS[key])
  if (result !== PEER_EXPECTED[key]) throw new Error(`bench: UTCP ${key} gave ${JSON.stringify({ result, logs })}`)
}

const suite: SuiteFactory = async () => {
  const isocode = await bootIsocode()
  const hostThread = await bootIsocode(undefined, { resumeOnHostThread: true })
  const isolated = await bootIsocode(SupervisedIsolateRuntime)
  const peer = await loadUtcpPeer()
  if (typeof peer === 'string') console.warn(`bench: utcp peer skipped: ${peer}`)
  else console.log(`bench: utcp peer on isolated-vm ${peer.isolatedVm} (shared with Isocode's runtime)`)
  const keys = Object.keys(PEER_PROGRAMS) as ProgramKey[]
  return {
    // why: every task here is timed by `alternate`; tinybench has nothing to run.
    bench: createBench(),
    async sampled() {
      const stats = []
      for (const key of keys) {
        const tasks: AlternatedTask[] = [
          { name: isocodeTask(key), fn: () => isocode.runCode(PEER_PROGRAMS[key], PEER_EXPECTED[key]) },
          { name: hostThreadTask(key), fn: () => hostThread.runCode(PEER_PROGRAMS[key], PEER_EXPECTED[key]) },
          { name: isolatedTask(key), fn: () => isolated.runCode(PEER_PROGRAMS[key], PEER_EXPECTED[key]) },
        ]
        if (typeof peer !== 'string') tasks.push({ name: utcpTask(key), fn: () => checkedUtcp(peer, key) })
        stats.push(...(await alternate(tasks, { samples: SAMPLES[key], warmup: WARMUP })))
      }
      return stats
    },
    ratios: (s) =>
      typeof peer === 'string'
        ? {}
        : Object.fromEntries(
            keys.flatMap((key) => [
              [`isocode_vs_utcp_${key}`, ratio(s, isocodeTask(key), utcpTask(key), 2)],
              [`isocode_host_thread_vs_utcp_${key}`, ratio(s, hostThreadTask(key), utcpTask(key), 2)],
              [`isocode_isolated_vs_utcp_${key}`, ratio(s, isolatedTask(key), utcpTask(key), 2)],
            ]),
          ),
    teardown: async () => {
      if (typeof peer !== 'string') await peer.close()
      await isocode.dispose()
      await hostThread.dispose()
      await isolated.dispose()
    },
  }
}

export default suite
