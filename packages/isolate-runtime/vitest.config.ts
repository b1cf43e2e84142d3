import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

// why: isolated-vm needs --no-node-snapshot on Node 20, and a crashing isolate scenario must
// only take down its own fork, so every spec file runs in its own child process.
export default defineProject({
  ...sourceConditions,
  test: {
    ...patience,
    name: 'isolate-runtime',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
    isolate: true,
  },
})
