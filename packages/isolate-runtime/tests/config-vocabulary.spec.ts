// One process per file: the deprecation warning is emitted once per key per process.
import { resolveConfig } from '@isocode/isolate-runtime'
import { expect, it } from 'vitest'

it('reads cpuMs, wallMs, memoryMb and outputBytes, and resolves to those names', () => {
  const config = resolveConfig({ cpuMs: 700, wallMs: 900, memoryMb: 16, outputBytes: 2048 })
  expect(config).toMatchObject({ cpuMs: 700, wallMs: 900, memoryMb: 16, outputBytes: 2048 })
  expect(Object.keys(config)).not.toContain('cpuBudgetMs')
  expect(() => resolveConfig({ cpuMs: 500, wallMs: 100 })).toThrow(
    /wallMs \(100\) must be at least cpuMs \(500\); raise wallMs/,
  )
  expect(() => resolveConfig({ memoryMb: 4 })).toThrow(/memoryMb must be an integer from 8/)
})

it('keeps the old keys for one release, warning once per key per process and naming the new key', async () => {
  const warnings: { message: string; code: string | undefined; name: string }[] = []
  const listen = (warning: Error & { code?: string }): void =>
    void warnings.push({ message: warning.message, code: warning.code, name: warning.name })
  process.on('warning', listen)
  const old = resolveConfig({ cpuBudgetMs: 700, wallBudgetMs: 900, memoryLimitMb: 16, outputCapBytes: 2048 })
  resolveConfig({ cpuBudgetMs: 800 })
  // why: process.emitWarning delivers on a later tick.
  await new Promise((resolve) => setTimeout(resolve, 10))
  process.off('warning', listen)
  expect(old).toMatchObject({ cpuMs: 700, wallMs: 900, memoryMb: 16, outputBytes: 2048 })
  expect(warnings.map((w) => w.code).toSorted()).toEqual([
    'ISOCODE_DEP_CPU_BUDGET_MS',
    'ISOCODE_DEP_MEMORY_LIMIT_MB',
    'ISOCODE_DEP_OUTPUT_CAP_BYTES',
    'ISOCODE_DEP_WALL_BUDGET_MS',
  ])
  expect(warnings.every((w) => w.name === 'DeprecationWarning')).toBe(true)
  expect(warnings.find((w) => w.code === 'ISOCODE_DEP_CPU_BUDGET_MS')?.message).toMatch(
    /"cpuBudgetMs" is deprecated; use "cpuMs"/,
  )
})

it('refuses a budget given under both its old and its new name, naming both', () => {
  expect(() => resolveConfig({ cpuBudgetMs: 100, cpuMs: 200 })).toThrow(
    /cpuBudgetMs and cpuMs both set the same budget; keep cpuMs/,
  )
  expect(() => resolveConfig({ outputCapBytes: 100, outputBytes: 200 })).toThrow(/outputCapBytes and outputBytes/)
})
