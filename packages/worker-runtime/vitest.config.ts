import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

// why: every run boots a fresh worker_threads Worker; a spec file per fork keeps a runaway worker
// from taking another file's cases down.
export default defineProject({
  ...sourceConditions,
  test: {
    ...patience,
    name: 'worker-runtime',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
  },
})
