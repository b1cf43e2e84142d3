// The write-ahead cost of one tool call in the run store: `callStarted` before dispatch plus
// `callDone` after, on the embedded store (SQLite file, WAL) and in memory, one run, sequential.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openRunStore, type RunStore } from '@isocode/run-store'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'

const factory: SuiteFactory = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bench-run-store-'))
  const stores: Record<string, RunStore> = {
    file: await openRunStore(`file:${join(dir, 'runs.db')}`),
    memory: await openRunStore('memory:'),
  }
  const bench = createBench()
  for (const [name, store] of Object.entries(stores)) {
    await store.createRun({ id: 'bench', code: 'for (;;) await tools.read({ path })', holder: 'bench' })
    let seq = 0
    bench.add(`run-store ${name}: started + done of one call`, async () => {
      seq++
      await store.callStarted('bench', { seq, tool: 'read_file', args: { path: `notes/${seq}.md` }, toolHash: 'h' })
      await store.callDone('bench', seq, { result: { text: 'a line of a note, as a small tool result would be' } })
    })
  }
  return {
    bench,
    metrics: (stats) => ({
      run_store_file_call_us: stat(stats, 'run-store file: started + done of one call').median_us,
      run_store_memory_call_us: stat(stats, 'run-store memory: started + done of one call').median_us,
    }),
    teardown: async () => {
      await Promise.all(Object.values(stores).map((s) => s.close()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export default factory
