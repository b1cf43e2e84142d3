import { WorkerRuntime } from '@isocode/worker-runtime'
import { describeCodeMode } from './suite.ts'

// why: a fresh worker boots in tens of ms (hundreds on a busy machine); the wall budget covers it.
describeCodeMode(
  'WorkerRuntime',
  (root, budgets) => root.plugin(WorkerRuntime, { cpuMs: budgets.cpuMs, wallMs: budgets.wallMs }),
  {
    cpuMs: 1_000,
    wallMs: 3_000,
  },
)
