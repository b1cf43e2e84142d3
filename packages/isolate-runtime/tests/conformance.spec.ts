import { describeCodeRuntimeConformance } from '@isocode/code-runtime/conformance'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { conformanceFactory } from './helpers.ts'

describeCodeRuntimeConformance('isolate-runtime', conformanceFactory(InProcessIsolateRuntime))

// why: on the host's thread an abort or a disposal lands only when the program awaits again, so a
// loop after an await holds it until the CPU budget (rule RT-40): the two cases that abort such a
// loop are the documented exceptions of this opt-in.
describeCodeRuntimeConformance(
  'isolate-runtime, resumeOnHostThread',
  conformanceFactory(InProcessIsolateRuntime, { resumeOnHostThread: true }),
  {
    skip: ['abort/mid-run', 'lifecycle/dispose-aborts-live-runs'],
  },
)
