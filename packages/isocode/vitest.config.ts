import { defineProject } from 'vitest/config'
import { sourceConditions } from '../../vitest.shared.ts'

// why: the facade boots isolated-vm (needs --no-node-snapshot on Node 20) and spawns MCP servers
// and supervised children, so each spec file runs in its own child process.
export default defineProject({
  ...sourceConditions,
  test: {
    name: 'isocode',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
