// `node scripts/bench-side-by-side.mjs <old-dir> <new-dir> [rounds] [suite...]`: runs `pnpm bench
// <suite>` in two checkouts alternately (old, new, old, new, ...) so both see the same machine
// state, then prints every ratio and task median of both (median over rounds) with new/old, and
// writes the table to bench/results/side-by-side.md of the new checkout.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const [oldArg, newArg, roundsArg, ...suiteArgs] = process.argv.slice(2)
if (oldArg === undefined || newArg === undefined) {
  console.error('usage: node scripts/bench-side-by-side.mjs <old-dir> <new-dir> [rounds=2] [suite...]')
  process.exit(2)
}
const dirs = { old: resolve(oldArg), new: resolve(newArg) }
const rounds = Number(roundsArg ?? 2)
const suites = suiteArgs.length > 0 ? suiteArgs : ['']

/** name → list of values per side, for ratios and task medians alike. */
const seen = { old: new Map(), new: new Map() }
const record = (side, key, value) => {
  const list = seen[side].get(key) ?? []
  list.push(value)
  seen[side].set(key, list)
}

for (let round = 1; round <= rounds; round++) {
  for (const suite of suites) {
    // why: alternate the order each round so neither side always runs on a warmer machine.
    const order = round % 2 === 1 ? ['old', 'new'] : ['new', 'old']
    for (const side of order) {
      console.error(`round ${round}/${rounds} · ${suite || 'all'} · ${side}`)
      const args = ['bench', ...(suite === '' ? [] : [suite])]
      execFileSync('pnpm', args, { cwd: dirs[side], stdio: ['ignore', 'ignore', 'inherit'] })
      const latest = JSON.parse(readFileSync(join(dirs[side], 'bench/results/latest.json'), 'utf8'))
      for (const [name, value] of Object.entries(latest.ratios ?? {})) record(side, `ratio ${name}`, value)
      for (const task of latest.tasks ?? []) record(side, `task ${task.name} (median µs)`, task.median_us)
    }
  }
}

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const rows = []
for (const [key, oldValues] of seen.old) {
  const newValues = seen.new.get(key)
  if (newValues === undefined) continue
  const before = median(oldValues)
  const after = median(newValues)
  rows.push({ key, before, after, change: before === 0 ? Number.NaN : after / before })
}
const lines = [
  `| measure | old | new | new / old |`,
  `|---|---|---|---|`,
  ...rows.map((row) => `| ${row.key} | ${row.before} | ${row.after} | ${row.change.toFixed(3)} |`),
]
const table = `${lines.join('\n')}\n`
console.log(table)
writeFileSync(
  join(dirs.new, 'bench/results/side-by-side.md'),
  `Side by side, ${rounds} rounds alternated, medians over rounds.\n\n${table}`,
)
