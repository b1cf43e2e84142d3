import { afterAll } from 'vitest'
import { describeRunStoreConformance } from '../src/conformance/index.ts'
import { pgSchema, pgSubject } from './helpers.ts'

const db = pgSchema('conformance')
afterAll(() => db.drop())

describeRunStoreConformance('postgres://', pgSubject(db), { persistent: true })
