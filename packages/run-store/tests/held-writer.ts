// A live process that holds the file: store's write lock, its calls only in its group and its
// write-ahead file (fixtures/held-open.ts), until the test kills it.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** The writer process; `kill` ends it with SIGKILL and resolves once it is gone (again: at once). */
export interface HeldWriter {
  kill(): Promise<void>
}

/** Starts the writer on the store at `url` and resolves once it holds the lock with its calls written ahead. */
export async function holdWriteLock(url: string): Promise<HeldWriter> {
  const child = spawn(
    process.execPath,
    ['--conditions=@isocode/source', '--import', tsx, join(here, 'fixtures', 'held-open.ts'), url],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const writer: HeldWriter = {
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
  }
  try {
    await new Promise<void>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('written')) resolve()
      })
      child.on('exit', () => reject(new Error('the writer exited before writing')))
    })
  } catch (error) {
    await writer.kill()
    throw error
  }
  return writer
}
