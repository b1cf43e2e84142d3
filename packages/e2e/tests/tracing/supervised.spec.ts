// The spans of run_code on the process-supervised isolate runtime (rules ): the
// program runs in a child process, its sub-calls in this one.
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { describeTracing } from './suite.ts'

describeTracing('SupervisedIsolateRuntime', (root, budgets) =>
  root.plugin(SupervisedIsolateRuntime, { poolSize: 1, cpuMs: budgets.cpuMs, wallMs: budgets.wallMs }),
)
