import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // why: every workspace package with tests, the end-to-end suites (packages/e2e) included, and
    // the bench's measuring code.
    projects: ['packages/*/vitest.config.ts', 'bench/vitest.config.ts', 'eval/vitest.config.ts'],
  },
})
