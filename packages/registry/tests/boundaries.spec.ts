import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The registry depends on the code-runtime seam only: any backend passing the conformance kit
// must work, so no source file or manifest entry may reach a concrete backend.
const root = new URL('..', import.meta.url).pathname
const FORBIDDEN = ['@isocode/isolate-runtime', 'isolated-vm']

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

describe('registry dependency boundary', () => {
  it('declares no runtime backend in its manifest', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >
    const declared = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    )
    expect(declared.filter((name) => FORBIDDEN.includes(name))).toEqual([])
  })

  it('imports no runtime backend from any source file', () => {
    const offenders = sources(join(root, 'src')).filter((file) => {
      const text = readFileSync(file, 'utf8')
      return FORBIDDEN.some((name) => text.includes(`'${name}'`) || text.includes(`"${name}"`))
    })
    expect(offenders).toEqual([])
  })
})
