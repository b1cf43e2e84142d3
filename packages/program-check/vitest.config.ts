import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

export default defineProject({
  ...sourceConditions,
  test: { ...patience, name: 'program-check', include: ['tests/**/*.spec.ts'] },
})
