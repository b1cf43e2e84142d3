import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

// why: the newest `ai` (7) and `openai` (7) need Node 22+. On Node 20 the adapters, their tests and
// examples/ run against the last major that supports it, installed as the aliases `ai-5` and
// `openai-6` (pnpm-workspace.yaml), the way isolated-vm is picked per Node line.
const nodeMajor = Number(process.versions.node.split('.')[0])
const frameworkAliases =
  nodeMajor < 22
    ? [
        { find: /^ai(\/.*)?$/, replacement: 'ai-5$1' },
        { find: /^openai(\/.*)?$/, replacement: 'openai-6$1' },
      ]
    : []

// why: without the `module` condition, so packages whose `module` build is not Node ESM
// (@opentelemetry/api, loaded by `ai` and `@anthropic-ai/sdk`) resolve to what Node itself would load.
// why: and without `import`: vitest hands these conditions to Node for external packages, where
// they apply to `require` too, so pg's CommonJS `require('pg-pool')` (a postgres:// run store)
// would get pg-pool's ES module and fail. Node adds `import` to real imports by itself.
const conditions = sourceConditions.resolve.conditions.filter(
  (condition) => condition !== 'module' && condition !== 'import',
)

// why: the facade boots isolated-vm (needs --no-node-snapshot on Node 20) and spawns MCP servers
// and supervised children, so each spec file runs in its own child process.
export default defineProject({
  resolve: { conditions, alias: frameworkAliases },
  ssr: { resolve: { ...sourceConditions.ssr.resolve, conditions } },
  test: {
    // why: the same safety-net timeouts as every project; a loaded machine must not fail a test.
    ...patience,
    name: 'isocode',
    include: ['tests/**/*.spec.ts'],
    pool: 'forks',
    execArgv: ['--no-node-snapshot'],
  },
})
