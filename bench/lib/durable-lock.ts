// The durable suite's lock task: while this process runs programs of sequential calls on a file:
// store back to back (its group transactions hold SQLite's write lock, R-118), a second process
// writes to the same file; each of its writes is timed, from asking to done.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CodeMode } from 'isocode'

export const LOCK_WRITES = 40
const child = fileURLToPath(new URL('durable-lock-waiter.ts', import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** The second process's write times in ms, taken while `writer` runs `program` without a pause. */
export async function writesBesideBusyWriter(url: string, writer: CodeMode, program: string): Promise<number[]> {
  const proc = spawn(
    process.execPath,
    ['--no-node-snapshot', '--conditions=@isocode/source', '--import', tsx, child, url, String(LOCK_WRITES)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let out = ''
  let err = ''
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve))
  const line = (prefix: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = out.split('\n').find((l) => l.startsWith(prefix))
        if (found !== undefined) resolve(found.slice(prefix.length))
      }
      proc.stdout.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()))
      void exited.then((code) => reject(new Error(`bench: the lock waiter exited (${code}):\n${out}\n${err}`)))
      check()
    })
  try {
    await line('ready')
    const waiter = { done: false }
    const waits = line('waits ').then((text) => JSON.parse(text) as number[])
    void waits.finally(() => (waiter.done = true)).catch(() => undefined)
    proc.stdin.write('go\n')
    // why: the writer keeps calling until the waiter is done, so every write meets a busy lock.
    while (!waiter.done) {
      const result = await writer.run(program)
      if (result.status !== 'completed') throw new Error(`bench: the busy writer's run ended ${result.status}`)
    }
    return await waits
  } finally {
    proc.kill('SIGKILL')
    await exited
  }
}
