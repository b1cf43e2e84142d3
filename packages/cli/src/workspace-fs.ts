import { opendir, realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { HarnessError } from '@isocode/harness'

/** Folders the workspace walk never enters. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'coverage'])

/** A workspace tool failure (bad path, escape attempt); a HarnessError so results carry its code. */
export class WorkspaceError extends HarnessError {
  override name = 'WorkspaceError'
}

/** A folder the workspace tools may read, with every path resolved and checked inside it. */
export class Workspace {
  private constructor(readonly root: string) {}

  /** Open `dir` (made absolute and real, so symlinks cannot be used to step outside). */
  static async open(dir: string): Promise<Workspace> {
    return new Workspace(await realpath(resolve(dir)))
  }

  /** `path` relative to the root, with `/` separators ('.' for the root itself). */
  display(absolute: string): string {
    const rel = relative(this.root, absolute)
    return rel === '' ? '.' : rel.split(sep).join('/')
  }

  /**
   * Resolve `path` (relative to the root) to a real absolute path inside the root; throws
   * OUTSIDE_WORKSPACE for `..`, absolute paths elsewhere or symlinks leading out, NOT_FOUND if missing.
   */
  async resolve(path: string): Promise<string> {
    const target = resolve(this.root, path)
    this.assertInside(target, path)
    let real: string
    try {
      real = await realpath(target)
    } catch {
      throw new WorkspaceError(`"${path}" does not exist in the workspace; list_files shows what does`, 'NOT_FOUND')
    }
    this.assertInside(real, path)
    return real
  }

  private assertInside(absolute: string, asked: string): void {
    const rel = relative(this.root, absolute)
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw new WorkspaceError(
        `"${asked}" is outside the workspace; use a path relative to the workspace root`,
        'OUTSIDE_WORKSPACE',
      )
    }
  }

  /**
   * Walk `dir` breadth-first in name order, yielding files and folders (folders with a trailing
   * `/`), skipping dot-folders, node_modules, dist and coverage; `recursive: false` lists one level.
   */
  async *walk(
    dir: string,
    recursive: boolean,
  ): AsyncGenerator<{ path: string; absolute: string; isDirectory: boolean }> {
    const queue = [dir]
    for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
      const entries = []
      for await (const entry of await opendir(current)) entries.push(entry)
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      for (const entry of entries) {
        const absolute = join(current, entry.name)
        const isDirectory = entry.isDirectory()
        if (isDirectory && (SKIPPED.has(entry.name) || entry.name.startsWith('.'))) continue
        if (!isDirectory && !entry.isFile()) continue
        yield { path: this.display(absolute) + (isDirectory ? '/' : ''), absolute, isDirectory }
        if (isDirectory && recursive) queue.push(absolute)
      }
    }
  }

  /** Whether `absolute` is a directory. */
  async isDirectory(absolute: string): Promise<boolean> {
    return (await stat(absolute)).isDirectory()
  }
}
