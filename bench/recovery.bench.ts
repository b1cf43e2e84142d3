// The process-isolated default (createCodeMode with no options but tools, from built output, in a
// fresh process): the first run after a child died under a program against a warm run (RT-69's
// spare), the spare's idle cost (RSS, CPU while idle), and host + children RSS after 1,000 runs
// with the split: the host without the check, the check's worker thread (R-104, R-155: the same
// 1,000 runs in a second fresh process with `check: false`, the difference), each child.
import { importBuiltIsolateRuntime } from './lib/built.ts'
import { BUILT_ISOCODE, runFresh } from './lib/fresh-process.ts'
import { round, statsFromSamples } from './lib/report.ts'
import { createBench, type SuiteFactory, stat, type TaskStats } from './lib/suite.ts'

const ROUNDS = 10
const RUNS = 1000
// why: untimed, so the child started for the killed one is up (or not) alike in every round; the
// measured run never waits for it either way when a spare is ready.
const SETTLE_MS = 2500
const IDLE_MS = 10_000

const TASKS = {
  warm: 'recovery: warm return 1 (process isolation, default pool)',
  afterKill: 'recovery: first return 1 after a child died under a program',
} as const

// why: the process's runtime children from /proc; `die` kills the one that just burned the
// program's 60 ms of CPU (the one running it), as a crash of V8 or an OOM kill would end it.
const PROC = `
import { readdirSync, readFileSync } from 'node:fs'
const children = () => {
  const pids = new Set()
  for (const task of readdirSync('/proc/self/task'))
    for (const word of readFileSync('/proc/self/task/' + task + '/children', 'utf8').split(/\\s+/)) if (word !== '') pids.add(Number(word))
  return [...pids]
}
const cpu = (pid) => {
  const stat = readFileSync('/proc/' + pid + '/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(fields[11]) + Number(fields[12])
}
const rssMb = (pid) => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/' + pid + '/status', 'utf8'))[1]) / 1024
// why: RSS counts the node binary's shared text (~36 MB) in every process; PSS splits shared pages
// between the processes mapping them, so the sum of PSS is what the processes take together.
const pssMb = (pid) => Number(/\\nPss:\\s+(\\d+)/.exec(readFileSync('/proc/' + pid + '/smaps_rollup', 'utf8'))[1]) / 1024
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const object = { type: 'object', properties: {} }
`

const RECOVERY = `${PROC}
const [entry, rounds, settle, idleMs] = process.argv.slice(1)
const { createCodeMode } = await import(entry)
let before = new Map()
const cm = await createCodeMode({ tools: {
  die: { description: 'end the child running this program', inputSchema: object, execute: async () => {
    const [victim] = children().map((pid) => [pid, cpu(pid) - (before.get(pid) ?? 0)]).toSorted((a, b) => b[1] - a[1])
    process.kill(victim[0], 'SIGKILL')
    return {}
  } },
} })
for (let i = 0; i < 20; i++) await cm.run('return 1')
const warm = []
const after = []
for (let round = 0; round < Number(rounds); round++) {
  await sleep(Number(settle))
  let started = performance.now()
  if ((await cm.run('return 1')).value !== 1) throw new Error('warm run failed')
  warm.push(performance.now() - started)
  before = new Map(children().map((pid) => [pid, cpu(pid)]))
  const crashed = await cm.run('const t = Date.now()\\nwhile (Date.now() - t < 60) {}\\nawait tools.die({})\\nreturn 2')
  if (crashed.ok || crashed.error?.kind !== 'crash') throw new Error('the run did not crash: ' + JSON.stringify(crashed))
  started = performance.now()
  if ((await cm.run('return 1')).value !== 1) throw new Error('run after the kill failed')
  after.push(performance.now() - started)
}
await sleep(Number(settle))
// why: the spare's idle cost: the RSS of each child once every run is over (one serves, one waits),
// and their CPU over a long idle window, so the clock's 10 ms ticks amount to ~0.5 ms per idle second.
const idle = children().map(rssMb)
const ticks = new Map(children().map((pid) => [pid, cpu(pid)]))
await sleep(Number(idleMs))
const idleCpuMsPerS = Math.max(...[...ticks].map(([pid, start]) => ((cpu(pid) - start) * 10) / (Number(idleMs) / 1000)))
process.stdout.write(JSON.stringify({ warm, after, idle, idleCpuMsPerS }) + '\\n')
await cm.close()
`

const MEMORY = `${PROC}
const [entry, runs, check] = process.argv.slice(1)
const { createCodeMode } = await import(entry)
const cm = await createCodeMode({ ...(check === 'off' ? { check: false } : {}), tools: {
  echo: { description: 'echo', inputSchema: object, execute: async (args) => args },
} })
for (let i = 0; i < Number(runs); i++) {
  const result = await cm.run('const r = await tools.echo({ i: ' + i + ', s: "x".repeat(200) })\\nreturn r.i')
  if (result.value !== i) throw new Error('run ' + i + ' gave ' + JSON.stringify(result))
}
const pids = children()
const report = { hostMb: rssMb('self'), hostPssMb: pssMb('self'), childMb: pids.map(rssMb), childPssMb: pids.map(pssMb) }
process.stdout.write(JSON.stringify(report) + '\\n')
await cm.close()
`

// why: the floor under the memory goal: a Node process that loaded nothing, the way the host and
// each child start (`--no-node-snapshot`); RSS counts the node binary's shared text in each.
const BARE = `${PROC}
await sleep(200)
process.stdout.write(JSON.stringify({ rssMb: rssMb('self') }) + '\\n')
`

interface Recovery {
  warm: number[]
  after: number[]
  idle: number[]
  idleCpuMsPerS: number
}

interface Memory {
  hostMb: number
  hostPssMb: number
  childMb: number[]
  childPssMb: number[]
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0)

const suite: SuiteFactory = async () => {
  await importBuiltIsolateRuntime()
  let recovery: Recovery | undefined
  let memory: Memory | undefined
  let unchecked: Memory | undefined
  let bare: { rssMb: number } | undefined
  return {
    bench: createBench(),
    async sampled(): Promise<TaskStats[]> {
      recovery = (
        await runFresh<Recovery>('recovery', RECOVERY, [BUILT_ISOCODE, `${ROUNDS}`, `${SETTLE_MS}`, `${IDLE_MS}`])
      ).report
      memory = (await runFresh<Memory>('memory', MEMORY, [BUILT_ISOCODE, `${RUNS}`, 'on'])).report
      unchecked = (await runFresh<Memory>('memory without the check', MEMORY, [BUILT_ISOCODE, `${RUNS}`, 'off'])).report
      bare = (await runFresh<{ rssMb: number }>('a bare node process', BARE, [])).report
      return [statsFromSamples(TASKS.warm, recovery.warm), statsFromSamples(TASKS.afterKill, recovery.after)]
    },
    metrics: (stats): Record<string, number> => {
      if (recovery === undefined || memory === undefined || unchecked === undefined || bare === undefined) return {}
      const children = sum(memory.childMb)
      return {
        recovery_extra_ms: round(
          (stat(stats, TASKS.afterKill).median_us - stat(stats, TASKS.warm).median_us) / 1000,
          2,
        ),
        recovery_idle_children: recovery.idle.length,
        spare_idle_rss_mb: round(Math.min(...recovery.idle), 1),
        spare_idle_cpu_ms_per_s_max: round(recovery.idleCpuMsPerS, 2),
        memory_1000_runs_host_mb: round(memory.hostMb, 1),
        memory_1000_runs_host_without_check_mb: round(unchecked.hostMb, 1),
        memory_1000_runs_check_worker_mb: round(memory.hostMb - unchecked.hostMb, 1),
        memory_1000_runs_children_mb: round(children, 1),
        memory_1000_runs_child_max_mb: round(Math.max(...memory.childMb), 1),
        memory_1000_runs_children: memory.childMb.length,
        memory_1000_runs_total_mb: round(memory.hostMb + children, 1),
        memory_1000_runs_total_pss_mb: round(memory.hostPssMb + sum(memory.childPssMb), 1),
        memory_bare_node_process_mb: round(bare.rssMb, 1),
        // why: what the host and the children would take had they loaded nothing at all.
        memory_1000_runs_process_floor_mb: round(bare.rssMb * (1 + memory.childMb.length), 1),
      }
    },
  }
}

export default suite
