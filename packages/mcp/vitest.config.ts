import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

// why: the end-to-end specs boot isolated-vm (needs --no-node-snapshot on Node 20) and spawn real
// MCP servers, so each spec file runs in its own child process.
export default defineProject({
  ...sourceConditions,
  test: {
    ...patience,
    name: 'mcp',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
  },
})
