import { describeCodeRuntimeConformance } from '@isocode/code-runtime/conformance'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { conformanceFactory } from './helpers.ts'

describeCodeRuntimeConformance('isolate-runtime', conformanceFactory(InProcessIsolateRuntime))
