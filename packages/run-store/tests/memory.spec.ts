import { describeRunStoreConformance } from '../src/conformance/index.ts'
import { memorySubject } from './helpers.ts'

describeRunStoreConformance('memory:', async () => memorySubject())
