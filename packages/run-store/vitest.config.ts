import { defineProject } from 'vitest/config'
import { patience, sourceConditions } from '../../vitest.shared.ts'

// why: vitest hands these conditions to Node for external packages, and Node applies them to
// `require` too: with `import` among them, pg's CommonJS `require('pg-pool')` would get pg-pool's
// ES module and fail. Node adds `import` to real imports by itself.
const conditions = sourceConditions.resolve.conditions.filter((condition) => condition !== 'import')

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { ...sourceConditions.ssr.resolve, conditions } },
  test: { ...patience, name: 'run-store', include: ['tests/**/*.spec.ts'] },
})
