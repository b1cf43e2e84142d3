import { createRequire } from 'node:module'
import { CodeRuntimeError } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'
import { ISOLATED_VM_LINES, isolatedVmLineFor, supportedNodeLines } from '@isocode/isolate-runtime'
import { resolveIsolatedVm } from '@isocode/isolate-runtime/internal'
import { isolatedVm } from '../src/isolate/ivm.ts'

const fakeModule = { Isolate: Object }

const attempt = (): unknown => resolveIsolatedVm('131', () => fakeModule)
const missing = (): never => {
  throw new Error("Cannot find module 'isolated-vm-7'\nRequire stack: …")
}

describe('the isolated-vm line for each Node', () => {
  it('maps every maintained Node ABI to its isolated-vm alias', () => {
    expect(
      ISOLATED_VM_LINES.map((line) => [
        line.node,
        line.abi,
        line.alias,
        line.version,
        line.abortsOnHashGrowth,
        line.pausesToLocate,
      ]),
    ).toEqual([
      [20, '115', 'isolated-vm-5', '5.0.4', true, true],
      [22, '127', 'isolated-vm-6', '6.2.0', true, true],
      [24, '137', 'isolated-vm-7', '7.0.1', true, true],
      [26, '147', 'isolated-vm-7', '7.0.1', false, false],
    ])
    expect(supportedNodeLines()).toBe('Node 20, 22, 24 or 26')
  })

  it('requires exactly the alias of the line for that ABI', () => {
    for (const line of ISOLATED_VM_LINES) {
      const asked: string[] = []
      const module = resolveIsolatedVm(line.abi, (id) => (asked.push(id), fakeModule))
      expect({ module, asked }).toEqual({ module: fakeModule, asked: [line.alias] })
    }
  })

  it('refuses a Node outside the supported lines with one error naming them', () => {
    expect(attempt).toThrow(CodeRuntimeError)
    expect(attempt).toThrow(
      'isolated-vm has no build for this Node (ABI 131). @isocode/isolate-runtime supports Node 20, 22, 24 or 26; run it on one of those lines.',
    )
  })

  it('says which optional dependency is missing and how to fix it', () => {
    expect(() => resolveIsolatedVm('137', missing)).toThrow(
      'isolated-vm 7.0.1 for Node 24 (optional dependency "isolated-vm-7") could not be loaded: Cannot find module \'isolated-vm-7\'. Fix: reinstall the package with npm or pnpm (its binary ships prebuilt).',
    )
    expect(() => resolveIsolatedVm('115', missing)).toThrow(/Fix: reinstall with a C\+\+ toolchain/)
  })

  it('loads a working build whose version is the one the running Node needs', () => {
    const line = isolatedVmLineFor()
    expect(line?.abi).toBe(process.versions.modules)
    const ivm = isolatedVm()
    const isolate = new ivm.Isolate({ memoryLimit: 8 })
    try {
      expect(isolate.createContextSync().evalSync('6 * 7')).toBe(42)
    } finally {
      isolate.dispose()
    }
    const manifest = createRequire(import.meta.url)(`${line?.alias}/package.json`) as { version: string }
    expect(manifest.version).toBe(line?.version)
  })
})
