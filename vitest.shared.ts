// why: workspace packages resolve to their TypeScript source through the `@isocode/source`
// export condition, so tests run without a build step and without a hand-kept alias table.
const conditions = ['@isocode/source', 'node', 'import', 'module', 'default']

export const sourceConditions = {
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@isocode/source'] } },
}
