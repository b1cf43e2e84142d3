// `pnpm bench [filter]`: runs every bench/*.bench.ts (or those whose file name contains the
// filter), prints a table, writes bench/results/latest.json (a filtered run merges its suites into
// the file; a full run rewrites it), exits 1 if any task errored.
import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type LatestResults, mergeLatest, type SuiteRun } from './lib/latest.ts'
import { collect, formatTable } from './lib/report.ts'
import type { SuiteFactory, TaskStats } from './lib/suite.ts'

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2] ?? ''
const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts') && f.includes(filter)).toSorted()
if (files.length === 0) {
  console.error(`bench: no bench/*.bench.ts matches "${filter}"`)
  process.exit(1)
}

const ran: SuiteRun[] = []
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
  const byName = new Map(stats.map((s) => [s.name, s]))
  const clean = errors.length === 0
  ran.push({
    file,
    tasks: stats,
    ratios: clean ? (suite.ratios?.(byName) ?? {}) : {},
    metrics: clean ? (suite.metrics?.(byName) ?? {}) : {},
  })
  console.log(`\n## ${file}\n\n${formatTable(stats)}`)
}

const ratios = Object.assign({}, ...ran.map((r) => r.ratios)) as Record<string, number>
const metrics = Object.assign({}, ...ran.map((r) => r.metrics)) as Record<string, number>
const numbers = (record: Record<string, number>): string =>
  Object.entries(record)
    .map(([k, v]) => `- ${k}: ${v}`)
    .join('\n')
if (Object.keys(metrics).length > 0) console.log(`\nmetrics:\n${numbers(metrics)}`)
if (Object.keys(ratios).length > 0) console.log(`\nratios:\n${numbers(ratios)}`)

const out = join(here, 'results', 'latest.json')
await mkdir(dirname(out), { recursive: true })
const machine = { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' }
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim()
// why: a filtered run keeps the other suites' numbers; a full run starts from nothing so a removed
// suite or task does not linger.
const previous =
  filter === '' ? undefined : (JSON.parse(await readFile(out, 'utf8').catch(() => '{}')) as Partial<LatestResults>)
const merged = mergeLatest(previous, { date: new Date().toISOString(), commit, machine, suites: ran })
await writeFile(out, `${JSON.stringify(merged, null, 2)}\n`)
console.log(`\nwrote ${out}${filter === '' ? '' : ` (merged: ${ran.map((r) => r.file).join(', ')})`}`)
// why: isolates may still be tearing down; let the loop drain instead of process.exit (segfault trap).
process.exitCode = failed > 0 ? 1 : 0
