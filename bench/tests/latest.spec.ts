// How a run's suites land in bench/results/latest.json: a filtered run replaces only the suites it
// ran and keeps every other suite's numbers and dates.
import { describe, expect, it } from 'vitest'
import { mergeLatest, type SuiteRun } from '../lib/latest.ts'
import type { TaskStats } from '../lib/suite.ts'

const task = (name: string, median_us: number): TaskStats => ({
  name,
  median_us,
  p95_us: median_us,
  ops_per_s: 1,
  samples: 10,
})
const machine = { node: 'v24.0.0', cpus: 2, cpu: 'test cpu' }

const full: SuiteRun[] = [
  { file: 'a.bench.ts', tasks: [task('a1', 1), task('a2', 2)], ratios: { a_ratio: 1.5 }, metrics: { a_metric: 7 } },
  { file: 'b.bench.ts', tasks: [task('b1', 3)], ratios: { b_ratio: 0.5 }, metrics: {} },
]

describe('mergeLatest', () => {
  const first = mergeLatest(undefined, { date: '2026-01-01T00:00:00.000Z', commit: 'aaa1111', machine, suites: full })

  it('a full run records every suite with its date, commit and the names it owns', () => {
    expect(first.tasks.map((t) => t.name)).toEqual(['a1', 'a2', 'b1'])
    expect(first.ratios).toEqual({ a_ratio: 1.5, b_ratio: 0.5 })
    expect(first.suites['a.bench.ts']).toEqual({
      date: '2026-01-01T00:00:00.000Z',
      commit: 'aaa1111',
      node: 'v24.0.0',
      tasks: ['a1', 'a2'],
      ratios: ['a_ratio'],
      metrics: ['a_metric'],
    })
  })

  it('a filtered run replaces the suites it ran (dropping their vanished names) and keeps the others', () => {
    const filtered = mergeLatest(first, {
      date: '2026-02-02T00:00:00.000Z',
      commit: 'bbb2222',
      machine,
      // why: a2 and a_metric are gone from the suite; they must not linger from the old run.
      suites: [{ file: 'a.bench.ts', tasks: [task('a1', 10), task('a3', 30)], ratios: { a_ratio: 2 }, metrics: {} }],
    })
    expect(filtered.tasks).toEqual([task('b1', 3), task('a1', 10), task('a3', 30)])
    expect(filtered.ratios).toEqual({ b_ratio: 0.5, a_ratio: 2 })
    expect(filtered.metrics).toEqual({})
    expect(filtered.suites['a.bench.ts']?.commit).toBe('bbb2222')
    expect(filtered.suites['b.bench.ts']?.date).toBe('2026-01-01T00:00:00.000Z')
    expect(filtered.date).toBe('2026-02-02T00:00:00.000Z')
  })

  it('a file written before suites were recorded keeps all but the names measured again', () => {
    const legacy = { tasks: [task('old', 1), task('a1', 1)], ratios: { old_ratio: 3 }, metrics: { a_metric: 1 } }
    const merged = mergeLatest(legacy, { date: 'd', commit: 'c', machine, suites: [full[0]!] })
    expect(merged.tasks.map((t) => t.name)).toEqual(['old', 'a1', 'a2'])
    expect(merged.ratios).toEqual({ old_ratio: 3, a_ratio: 1.5 })
    expect(merged.metrics).toEqual({ a_metric: 7 })
  })
})
