// Shared pieces of the facade specs: the tiny MCP server of the bridge tests, child-process checks
// and a minimal assembly plan.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AppPlan } from '../src/assembly/plan.ts'

const here = dirname(fileURLToPath(import.meta.url))

/** The tiny stdio MCP server of packages/mcp/tests/fixtures (tools pid, hang, …). */
export const TINY_SERVER = join(here, '..', '..', 'mcp', 'tests', 'fixtures', 'tiny-server.mjs')

/** `node <tiny server>` as an `mcp` string spec, quoted as a shell would. */
export const tinySpec = (name = 'tiny'): string =>
  `${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(TINY_SERVER)}`

/** Pids of the live child processes of this process (Linux /proc). */
export function childPids(): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // why: the command name may hold spaces and parentheses; the fields after the last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (fields[0] !== 'Z' && Number(fields[1]) === process.pid) pids.push(Number(entry))
    } catch {
      // why: a process may exit between the listing and the read.
    }
  }
  return pids
}

/** Wait until `check` holds, polling every 20 ms, for at most `ms` (a generous bound under the 60 s test timeout, not a timing claim). */
export async function until(check: () => boolean, ms = 45_000): Promise<boolean> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) return false
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return true
}

/** An assembly plan with nothing optional (in-process isolation, no check, no store), `over` on top. */
export const testPlan = (over: Partial<AppPlan>): AppPlan => ({
  isolation: 'isolate',
  budgets: {},
  mode: 'code',
  check: false,
  poolSize: 1,
  mcp: [],
  store: undefined,
  approve: [],
  say: { runtime: 'the runtime', mcp: 'mcp', store: 'store' },
  ...over,
})
