import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

// why: the specs boot isolated-vm (needs --no-node-snapshot on Node 20) and run the CLI and real
// MCP servers as child processes, so each spec file runs in its own fork; the built CLI the bin
// runs is brought up to date first.
export default defineProject({
  ...sourceConditions,
  test: {
    ...patience,
    name: 'cli',
    include: ['tests/**/*.spec.ts'],
    globalSetup: ['tests/build.global.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
  },
})
