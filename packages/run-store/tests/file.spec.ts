import { describeRunStoreConformance } from '../src/conformance/index.ts'
import { fileSubject } from './helpers.ts'

describeRunStoreConformance('file: (SQLite)', fileSubject, { persistent: true })
