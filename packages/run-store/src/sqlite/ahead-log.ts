// The embedded store's write-ahead file: a call is durable once its line is written here,
// while its SQLite row waits in the open group transaction for a commit shared with later writes.
// One file per connection, deleted when it closes; a file left by a process that died holds what
// that process never committed, and is applied by whichever connection finds it next.
import { randomUUID } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmdirSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Lines a dead connection wrote ahead and never committed, and how to drop its file once applied. */
export interface Orphan {
  readonly lines: string[]
  remove(): void
}

/** How far a write-ahead file grows before its next line goes at its start again. */
const REUSE_AFTER = 256 * 1024

// why: names of the files this process writes, so a connection never applies one of its own
// process, which holds its rows uncommitted in SQLite and would only duplicate them.
const ours = new Set<string>()

/** The write-ahead file of one connection to the SQLite file at `dbPath`. */
export class AheadLog {
  readonly #dir: string
  readonly #name = `${process.pid}-${processStamp(process.pid)}-${randomUUID().slice(0, 8)}.log`
  #fd = -1
  #offset = 0

  constructor(dbPath: string) {
    this.#dir = aheadDir(dbPath)
    ours.add(this.#name)
  }

  /** Writes `text` (whole lines) after the last and returns once the system holds it: it survives this process. */
  append(text: string): void {
    if (this.#fd < 0) this.#fd = this.#create()
    const bytes = Buffer.from(text, 'utf8')
    // why: a short write (a disk filling up) must not leave half a line that the call's dispatch
    // relies on: what is missing is written, or the write throws and the call is not dispatched.
    // (node:fs's own writeFileSync loops the same way.)
    for (let done = 0; done < bytes.length;)
      done += writeSync(this.#fd, bytes, done, bytes.length - done, this.#offset + done)
    this.#offset += bytes.length
  }

  /**
   * Everything written is committed in SQLite now: once past {@link REUSE_AFTER} bytes, the next
   * line is written at the start again, over lines that are committed.
   */
  committed(): void {
    // why: writing over blocks the file has costs less than growing or truncating it at each
    // commit. The lines after the newest are committed ones, and applying those changes nothing.
    if (this.#offset > REUSE_AFTER) this.#offset = 0
  }

  /** Closes and deletes the file, and the folder when it is left empty (call after the last commit). */
  close(): void {
    ours.delete(this.#name)
    if (this.#fd >= 0) {
      closeSync(this.#fd)
      this.#fd = -1
      rmSync(join(this.#dir, this.#name), { force: true })
    }
    try {
      rmdirSync(this.#dir)
    } catch {
      // why: absent, or another connection's file is still there.
    }
  }

  #create(): number {
    const path = join(this.#dir, this.#name)
    mkdirSync(this.#dir, { recursive: true })
    try {
      return openSync(path, 'w')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      // why: a connection closing elsewhere removed the folder, empty, between the two calls.
      mkdirSync(this.#dir, { recursive: true })
      return openSync(path, 'w')
    }
  }
}

/** The files other processes left next to `dbPath` when they died, with their lines. */
export function orphansOf(dbPath: string): Orphan[] {
  const dir = aheadDir(dbPath)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  const found: Orphan[] = []
  for (const name of names) {
    const match = /^(\d+)-(\d*)-[0-9a-f]+\.log$/.exec(name)
    if (match === null || ours.has(name) || alive(Number(match[1]), match[2] as string)) continue
    const path = join(dir, name)
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      continue
    }
    // why: a line not whole (torn by a power loss, or the rest of an older line written over) does
    // not parse and is skipped; the newest lines come first and in their order.
    const lines = text.split('\n').slice(0, -1)
    found.push({ lines, remove: () => rmSync(path, { force: true }) })
  }
  return found
}

const aheadDir = (dbPath: string): string => `${dbPath}-ahead`

/** Whether the process that wrote a file is still running: same pid and, where Linux says, same start. */
function alive(pid: number, stamp: string): boolean {
  // why: a pid is reused (a restarted container starts from 1 again); its start time is not.
  if (pid === process.pid) return false
  if (stamp !== '') return processStamp(pid) === stamp
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** A process's start time in clock ticks since boot (Linux), or '' where it cannot be read. */
function processStamp(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // why: the command name (field 2) may hold spaces and parentheses; fields after its ')' do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? ''
  } catch {
    return ''
  }
}
