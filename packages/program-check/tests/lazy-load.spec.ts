// Importing the package never loads TypeScript (the fast-start rule): the compiler is loaded by
// the worker thread, on the first check.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const loadsTypeScript = (module: string): boolean => {
  const script = `await import(${JSON.stringify(module)}); const { createRequire } = await import('node:module'); const cache = createRequire(import.meta.url).cache; console.log(Object.keys(cache).some((k) => /[\\\\/]typescript[\\\\/]/.test(k)))`
  const out = execFileSync(
    process.execPath,
    ['--conditions=@isocode/source', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: new URL('.', import.meta.url),
      encoding: 'utf8',
    },
  )
  return out.trim() === 'true'
}

describe('loading', () => {
  it('the package entry does not load typescript; the analysis module does (the probe sees it)', () => {
    expect(loadsTypeScript(new URL('../src/index.ts', import.meta.url).href)).toBe(false)
    expect(loadsTypeScript(new URL('../src/analyze.ts', import.meta.url).href)).toBe(true)
  })
})
