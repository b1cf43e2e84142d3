import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../vitest.shared.ts'

// why: the measuring code of the bench suites (not the timings) has tests; the UTCP peer loads
// isolated-vm, which needs --no-node-snapshot on Node 20.
export default defineProject({
  ...sourceConditions,
  test: {
    ...patience,
    name: 'bench',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
  },
})
