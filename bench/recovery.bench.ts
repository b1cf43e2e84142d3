// The process-isolated default (createCodeMode with no options but tools, from built output, in a
// fresh process): the first run after a child died under a program against a warm run (RT-69's
// spare), the spare's idle cost, and host + children RSS after 1,000 runs with the split.
import { importBuiltIsolateRuntime } from './lib/built.ts'
import { BUILT_ISOCODE, runFresh } from './lib/fresh-process.ts'
import { round, statsFromSamples } from './lib/report.ts'
import { createBench, type SuiteFactory, stat, type TaskStats } from './lib/suite.ts'

const ROUNDS = 10
const RUNS = 1000
// why: untimed, so the child started for the killed one is up (or not) alike in every round; the
// measured run never waits for it either way when a spare is ready.
const SETTLE_MS = 2500

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
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const object = { type: 'object', properties: {} }
`

const RECOVERY = `${PROC}
const [entry, rounds, settle] = process.argv.slice(1)
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
// why: the spare's idle cost: the RSS of each child once every run is over (one serves, one waits).
const idle = children().map(rssMb)
process.stdout.write(JSON.stringify({ warm, after, idle }) + '\\n')
await cm.close()
`

const MEMORY = `${PROC}
const [entry, runs] = process.argv.slice(1)
const { createCodeMode } = await import(entry)
const cm = await createCodeMode({ tools: {
  echo: { description: 'echo', inputSchema: object, execute: async (args) => args },
} })
for (let i = 0; i < Number(runs); i++) {
  const result = await cm.run('const r = await tools.echo({ i: ' + i + ', s: "x".repeat(200) })\\nreturn r.i')
  if (result.value !== i) throw new Error('run ' + i + ' gave ' + JSON.stringify(result))
}
const pids = children()
const childMb = pids.map(rssMb)
process.stdout.write(JSON.stringify({ hostMb: process.memoryUsage().rss / 1048576, childMb }) + '\\n')
await cm.close()
`

interface Recovery {
  warm: number[]
  after: number[]
  idle: number[]
}

interface Memory {
  hostMb: number
  childMb: number[]
}

const suite: SuiteFactory = async () => {
  await importBuiltIsolateRuntime()
  let recovery: Recovery | undefined
  let memory: Memory | undefined
  return {
    bench: createBench(),
    async sampled(): Promise<TaskStats[]> {
      recovery = (await runFresh<Recovery>('recovery', RECOVERY, [BUILT_ISOCODE, `${ROUNDS}`, `${SETTLE_MS}`])).report
      memory = (await runFresh<Memory>('memory', MEMORY, [BUILT_ISOCODE, `${RUNS}`])).report
      return [statsFromSamples(TASKS.warm, recovery.warm), statsFromSamples(TASKS.afterKill, recovery.after)]
    },
    metrics: (stats): Record<string, number> => {
      if (recovery === undefined || memory === undefined) return {}
      const children = memory.childMb.reduce((sum, mb) => sum + mb, 0)
      return {
        recovery_extra_ms: round(
          (stat(stats, TASKS.afterKill).median_us - stat(stats, TASKS.warm).median_us) / 1000,
          2,
        ),
        recovery_idle_children: recovery.idle.length,
        spare_idle_rss_mb: round(Math.min(...recovery.idle), 1),
        memory_1000_runs_host_mb: round(memory.hostMb, 1),
        memory_1000_runs_children_mb: round(children, 1),
        memory_1000_runs_children: memory.childMb.length,
        memory_1000_runs_total_mb: round(memory.hostMb + children, 1),
      }
    },
  }
}

export default suite
