import { defineProject } from 'vitest/config'
import { sourceConditions } from '../../vitest.shared.ts'

// why: without the `module` condition, so packages whose `module` build is not Node ESM
// (@opentelemetry/api, loaded by `ai`) resolve to what Node itself would load.
const conditions = sourceConditions.resolve.conditions.filter((condition) => condition !== 'module')

// why: the facade boots isolated-vm (needs --no-node-snapshot on Node 20) and spawns MCP servers
// and supervised children, so each spec file runs in its own child process.
export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: sourceConditions.ssr.resolve.externalConditions } },
  test: {
    name: 'isocode',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
