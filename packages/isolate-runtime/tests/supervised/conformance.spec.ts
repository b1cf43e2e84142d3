import { describeCodeRuntimeConformance } from '@isocode/code-runtime/conformance'
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { conformanceFactory } from '../helpers.ts'

// why: the supervised backend must be a drop-in ctx.codeRuntime: every case, isolation included.
describeCodeRuntimeConformance('supervised isolate-runtime', conformanceFactory(SupervisedIsolateRuntime))
