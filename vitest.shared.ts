// why: workspace packages resolve to their TypeScript source through the `@isocode/source`
// export condition, so tests run without a build step and without a hand-kept alias table. No
// `module` condition: a package whose `module` build is not Node ESM (@opentelemetry/api, which the
// registry imports) must resolve to what Node itself loads.
const conditions = ['@isocode/source', 'node', 'import', 'default']

export const sourceConditions = {
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@isocode/source'] } },
}

// why: a test's verdict never depends on the machine's speed or load; a timeout is a safety net
// against a hung test, so it sits far above what any test needs on a slow, loaded machine.
export const patience = { testTimeout: 60_000, hookTimeout: 60_000 }
