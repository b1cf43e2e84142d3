import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The root entry `isocode` must load without any agent framework installed: the frameworks are
// optional peers that only the subpaths (isocode/ai, /openai, /anthropic, /langchain) import.
const frameworks = ['ai', 'openai', '@anthropic-ai/sdk', '@langchain/core']
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** Every bare specifier reachable from `entry`, following relative imports and @isocode/* sources. */
function externalImports(entry: string): Set<string> {
  const seen = new Set<string>()
  const external = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
      else if (specifier.startsWith('@isocode/') || specifier === 'isocode' || specifier.startsWith('isocode/'))
        visit(workspaceSource(specifier))
      else external.add(specifier)
    }
  }
  visit(entry)
  return external
}

// why: workspace packages resolve to their source through the `@isocode/source` export condition.
function workspaceSource(specifier: string): string {
  const [scope, name, ...rest] = specifier.startsWith('@') ? specifier.split('/') : ['', ...specifier.split('/')]
  const folder = join(repo, 'packages', scope === '' ? 'isocode' : name!)
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    exports: Record<string, { '@isocode/source': string }>
  }
  const subpath = rest.length === 0 ? '.' : `./${rest.join('/')}`
  return join(folder, manifest.exports[subpath]!['@isocode/source'])
}

function frameworkImports(entry: string): string[] {
  return [...externalImports(entry)].filter((specifier) =>
    frameworks.some((framework) => specifier === framework || specifier.startsWith(`${framework}/`)),
  )
}

describe('the root entry of isocode', () => {
  it('imports no agent framework, directly or through the workspace packages it builds on', () => {
    expect(frameworkImports(workspaceSource('isocode'))).toEqual([])
  })

  it('each adapter subpath imports only its own framework', () => {
    expect(frameworkImports(workspaceSource('isocode/ai'))).toEqual(['ai'])
    expect(frameworkImports(workspaceSource('isocode/langchain'))).toEqual(['@langchain/core/tools'])
    expect(frameworkImports(workspaceSource('isocode/openai'))).toEqual([])
    expect(frameworkImports(workspaceSource('isocode/anthropic'))).toEqual([])
  })
})
