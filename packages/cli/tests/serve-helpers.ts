// Start `isocode serve --http …` as a subprocess (the bin launcher) and read its endpoint URL.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'isocode.mjs')

/** A running `isocode serve …` child: its endpoint URL (from the start line) and its output so far. */
export interface Served {
  child: ChildProcess
  url: string
  stderr(): string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Start `isocode serve <args>` in `cwd` and wait for the line naming its endpoint. */
export function startServe(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  const child = spawn(process.execPath, [bin, 'serve', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      const url = / at (http:\/\/\S+\/mcp) /.exec(stderr)?.[1]
      if (url !== undefined) resolve({ child, url, stderr: () => stderr, exit })
    })
    void exit.then(({ code }) => reject(new Error(`isocode serve exited (${code}) before listening:\n${stderr}`)))
  })
}
