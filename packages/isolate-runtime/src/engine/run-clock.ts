import type { Watchdog } from '../isolate/watchdog.ts'
import type { RunBudgets } from './run-state.ts'

// why: isolated-vm's own task timeout is only a backstop for a stalled host loop; the watchdog
// enforces the budgets, and must win the race so that it can name the program's position.
const BACKSTOP_SLACK_MS = 250

/** What is left of a run's CPU and wall budgets, ms (negative once overrun). */
interface BudgetLeft {
  cpuMs: number
  wallMs: number
}

/**
 * One in-process run's clocks: the isolate's CPU time since the program started (kept past the
 * isolate's death) and the wall time since the run was created (`startedAt`, the ledger's); what
 * is left of each budget.
 */
export class RunClock {
  private cpuStartNs = 0n
  // why: the last CPU reading survives the isolate (a killed or OOM-disposed isolate reads 0).
  private cpuLastNs: bigint | undefined
  private unwatch: () => void = () => {}

  constructor(
    private readonly budgets: Pick<RunBudgets, 'cpuMs' | 'wallMs'>,
    private readonly readCpuNs: () => bigint,
    private readonly startedAt: number,
  ) {}

  /**
   * The program starts now: CPU time counts from here, and `watchdog` calls `expire` once a budget
   * is overrun, until {@link end}.
   */
  start(watchdog: Watchdog, expire: (budget: 'cpu' | 'wall') => void): void {
    this.cpuStartNs = this.readCpuNs()
    this.cpuLastNs = this.cpuStartNs
    this.unwatch = watchdog.watch({
      cpuTimeNs: () => this.cpuNow(),
      cpuStartNs: this.cpuStartNs,
      cpuBudgetNs: BigInt(this.budgets.cpuMs) * 1_000_000n,
      wallDeadline: performance.now() + this.budgets.wallMs,
      expire,
    })
  }

  /**
   * Read the isolate's CPU clock before it may be disposed or paused (a budget kill): the reading
   * survives it, and the run's CPU time never goes back.
   */
  keep(): void {
    this.cpuNow()
  }

  /** The run settles: stop watching, and the CPU time the program used, ms (0 when it never started). */
  end(): number {
    this.unwatch()
    return this.cpuLastNs === undefined ? 0 : Number(this.cpuNow() - this.cpuStartNs) / 1e6
  }

  /** The isolate's CPU clock now, or the last reading once the isolate is gone (never goes back). */
  private cpuNow(): bigint {
    const now = this.readCpuNs()
    if (this.cpuLastNs === undefined || now > this.cpuLastNs) this.cpuLastNs = now
    return this.cpuLastNs
  }

  /** What is left of each budget now. */
  private left(): BudgetLeft {
    return {
      cpuMs: this.budgets.cpuMs - Number(this.cpuNow() - this.cpuStartNs) / 1e6,
      wallMs: this.budgets.wallMs - (performance.now() - this.startedAt),
    }
  }

  /**
   * The budget that runs out first and the whole ms left of it (at least 1): isolated-vm's timeout
   * for code that runs where no watchdog tick can (the host's own thread).
   */
  tightest(): { budget: 'cpu' | 'wall'; ms: number } {
    const { cpuMs, wallMs } = this.left()
    return { budget: cpuMs <= wallMs ? 'cpu' : 'wall', ms: Math.max(1, Math.ceil(Math.min(cpuMs, wallMs))) }
  }

  /** isolated-vm's timeout for the next isolate task: past every budget the watchdog enforces. */
  backstopMs(): number {
    const { cpuMs, wallMs } = this.left()
    return Math.max(1, Math.ceil(Math.max(cpuMs, wallMs))) + BACKSTOP_SLACK_MS
  }
}

/** The message of a `timeout` failure for `budget`. */
export function budgetMessage(budgets: Pick<RunBudgets, 'cpuMs' | 'wallMs'>, budget: 'cpu' | 'wall'): string {
  return budget === 'cpu'
    ? `CPU budget of ${budgets.cpuMs} ms exceeded`
    : `wall-clock budget of ${budgets.wallMs} ms exceeded`
}
