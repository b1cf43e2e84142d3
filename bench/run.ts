// `pnpm bench [filter]`: runs every bench/*.bench.ts (or those whose file name contains the
// filter), prints a table, writes bench/results/latest.json, exits 1 if any task errored.
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { collect, formatTable } from './lib/report.ts'
import type { SuiteFactory, TaskStats } from './lib/suite.ts'

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2] ?? ''
const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts') && f.includes(filter)).toSorted()
if (files.length === 0) {
  console.error(`bench: no bench/*.bench.ts matches "${filter}"`)
  process.exit(1)
}

const tasks: TaskStats[] = []
const ratios: Record<string, number> = {}
const metrics: Record<string, number> = {}
let failed = 0

for (const file of files) {
  const factory = ((await import(pathToFileURL(join(here, file)).href)) as { default: SuiteFactory }).default
  const suite = await factory()
  const own: TaskStats[] = []
  const ownErrors: Array<{ name: string; error: unknown }> = []
  try {
    await suite.bench.run()
    // why: tasks a suite times itself (two engines alternated sample by sample) join the same table.
    if (suite.sampled !== undefined) {
      try {
        own.push(...(await suite.sampled()))
      } catch (error) {
        ownErrors.push({ name: 'sampled tasks', error })
      }
    }
  } finally {
    await suite.teardown?.()
  }
  const collected = collect(suite.bench)
  const stats = [...collected.stats, ...own]
  const errors = [...collected.errors, ...ownErrors]
  for (const { name, error } of errors) {
    failed++
    console.error(`bench: ${file} task "${name}" errored:`, error)
  }
  tasks.push(...stats)
  const byName = new Map(stats.map((s) => [s.name, s]))
  if (errors.length === 0) {
    Object.assign(ratios, suite.ratios?.(byName))
    Object.assign(metrics, suite.metrics?.(byName))
  }
  console.log(`\n## ${file}\n\n${formatTable(stats)}`)
}

const numbers = (record: Record<string, number>): string =>
  Object.entries(record)
    .map(([k, v]) => `- ${k}: ${v}`)
    .join('\n')
if (Object.keys(metrics).length > 0) console.log(`\nmetrics:\n${numbers(metrics)}`)
if (Object.keys(ratios).length > 0) console.log(`\nratios:\n${numbers(ratios)}`)

const out = join(here, 'results', 'latest.json')
await mkdir(dirname(out), { recursive: true })
const machine = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' }
await writeFile(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), machine, tasks, ratios, metrics }, null, 2)}\n`,
)
console.log(`\nwrote ${out}`)
// why: isolates may still be tearing down; let the loop drain instead of process.exit (segfault trap).
process.exitCode = failed > 0 ? 1 : 0
