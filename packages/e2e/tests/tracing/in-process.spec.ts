// The spans of run_code on the in-process isolate runtime (rules ).
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { describeTracing } from './suite.ts'

describeTracing('InProcessIsolateRuntime', (root, budgets) =>
  root.plugin(InProcessIsolateRuntime, { poolSize: 1, cpuMs: budgets.cpuMs, wallMs: budgets.wallMs }),
)
