// This process's child processes as Linux /proc shows them: for the supervised soak, which sums
// its runtime children's RSS and checks that disposal leaves none of them behind.
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs'

// why: runtime children are forks of this Node binary; tsx's loader may also keep an esbuild
// service child (started whenever it has a file to transform), which is none of the runtime's.
const NODE = realpathSync(process.execPath)

/** Whether /proc lists child processes here (Linux with per-task `children` files). */
export function canListChildren(pid: number = process.pid): boolean {
  return existsSync(`/proc/${pid}/task/${pid}/children`)
}

/** The pids of `pid`'s child processes (ascending), gathered from every thread's /proc/<pid>/task/<tid>/children. */
export function childPids(pid: number = process.pid): number[] {
  const pids = new Set<number>()
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    // why: a thread can end between the listing and the read; its file is then gone.
    const text = ifPresent(() => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')) ?? ''
    for (const word of text.split(/\s+/)) if (word !== '') pids.add(Number(word))
  }
  // why: ascending, so a printout lists long-lived children first and replacements last.
  return [...pids].toSorted((a, b) => a - b)
}

/** Children of this process by binary: `node` (the supervised runtimes' forks), `other` (tsx's esbuild service), `unknown` (just exited, not yet reaped). */
export function classifyChildren(): { node: number[]; other: number[]; unknown: number[] } {
  const groups = { node: [] as number[], other: [] as number[], unknown: [] as number[] }
  for (const pid of childPids()) {
    const exe = exePath(pid)
    groups[exe === undefined ? 'unknown' : exe === NODE ? 'node' : 'other'].push(pid)
  }
  return groups
}

/** Resident set size of `pid` in KiB, or undefined when it has just exited (no file, or a zombie without VmRSS). */
export function rssKib(pid: number): number | undefined {
  const status = ifPresent(() => readFileSync(`/proc/${pid}/status`, 'utf8'))
  const match = status === undefined ? null : /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)
  return match === null ? undefined : Number(match[1])
}

/** RSS of the live processes among `pids`: the sum and each one, in MB (pids that exited are skipped). */
export function sumRss(pids: readonly number[]): { count: number; rssMb: number; eachMb: number[] } {
  const kib = pids.map(rssKib).filter((rss) => rss !== undefined)
  const total = kib.reduce((sum, rss) => sum + rss, 0)
  return { count: kib.length, rssMb: Math.round(total / 1024), eachMb: kib.map((rss) => Math.round(rss / 1024)) }
}

/** `name pid` for each of `pids`, for printouts (`esbuild 4242`); `?` for one that just exited. */
export function describePids(pids: readonly number[]): string {
  return pids
    .map((pid) => `${ifPresent(() => readFileSync(`/proc/${pid}/comm`, 'utf8').trim()) ?? '?'} ${pid}`)
    .join(', ')
}

/** Poll `predicate` every `stepMs` until it holds or `timeoutMs` passed; says whether it held. */
export async function waitUntil(predicate: () => boolean, timeoutMs: number, stepMs = 10): Promise<boolean> {
  const deadline = performance.now() + timeoutMs
  while (!predicate()) {
    if (performance.now() >= deadline) return false
    await new Promise((resolve) => setTimeout(resolve, stepMs))
  }
  return true
}

/** The command line of `pid` (arguments joined by NUL), or undefined when it has just exited. */
export function commandLine(pid: number): string | undefined {
  return ifPresent(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
}

function exePath(pid: number): string | undefined {
  return ifPresent(() => readlinkSync(`/proc/${pid}/exe`))
}

// why: a process can exit between listing it and reading its files; that is not an error here.
function ifPresent<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ESRCH') return undefined
    throw error
  }
}
