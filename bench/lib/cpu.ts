// CPU time of this process and its runtime children, for tasks whose cost is spread over two
// processes (the supervised runtime): wall time alone hides what polling or a wake-up burns.
import { readFileSync } from 'node:fs'
import { canListChildren, classifyChildren } from './children.ts'
import { deltaMeter, type SampleHooks } from './meter.ts'

// why: /proc/<pid>/stat counts in clock ticks; 100 a second on every Linux build Node supports.
const MS_PER_TICK = 10

/** CPU ms (user + system) of `pid` from /proc, or 0 once it has exited. */
function procCpuMs(pid: number): number {
  try {
    // why: the command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)?.trim().split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK
  } catch {
    return 0
  }
}

/** CPU ms so far of this process and its children, and how long its main thread was busy. */
interface TreeCpu {
  /** This process, every thread (µs precision). */
  self: number
  /** Its main thread: the event loop's active time, ms (what one thread can serve is bounded by it). */
  mainThread: number
  /** Its node children (tick precision). */
  children: number
}

/**
 * CPU ms so far of this process (µs precision), of its main thread, and of its node children
 * (tick precision), or of those children `include` keeps.
 */
export function treeCpuMs(include: (pid: number) => boolean = () => true): TreeCpu {
  const { user, system } = process.cpuUsage()
  const pids = canListChildren() ? classifyChildren().node.filter(include) : []
  const children = pids.reduce((sum, pid) => sum + procCpuMs(pid), 0)
  return { self: (user + system) / 1000, mainThread: performance.eventLoopUtilization().active, children }
}

/**
 * Sums the CPU a task burns, read in its `beforeEach`/`afterEach` hooks so the /proc reads stay
 * outside the timed window; `perUnit` gives µs of CPU per unit of work (a binding call, a program)
 * for this process, its main thread and its children, over every sample taken (warm-up included).
 */
export function cpuMeter(): { hooks(units: number): SampleHooks; perUnit(): TreeCpu } {
  const meter = deltaMeter(() => treeCpuMs())
  let unitsPerSample = 0
  return {
    hooks: (count) => {
      unitsPerSample = count
      return meter.hooks
    },
    perUnit: () => {
      const { sums, samples } = meter.totals()
      const units = samples * unitsPerSample
      const per = (ms: number): number => (units === 0 ? 0 : (ms * 1000) / units)
      return { self: per(sums.self), mainThread: per(sums.mainThread), children: per(sums.children) }
    },
  }
}
