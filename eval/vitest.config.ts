import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../vitest.shared.ts'

// why: the eval's tests boot isolated-vm (Code Mode runs), which needs --no-node-snapshot on
// Node 20, and start the MCP reference servers as child processes.
export default defineProject({
  ...sourceConditions,
  test: {
    ...patience,
    name: 'eval',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
  },
})
