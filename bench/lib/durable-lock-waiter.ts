// The second process of the durable suite's lock task: on "go" it writes to the shared file: store
// (a new run) again and again, a short pause apart, while the parent's runs keep SQLite's write
// lock busy with calls, and prints how long each write took.
import { createInterface } from 'node:readline'
import { openRunStore } from '@isocode/run-store'

const [url, count] = process.argv.slice(2) as [string, string]
const store = await openRunStore(url)
process.stdout.write('ready\n')
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'go') continue
  const waits: number[] = []
  for (let i = 0; i < Number(count); i++) {
    const started = performance.now()
    await store.createRun({ id: `waiter-${process.pid}-${i}`, code: 'return 1', holder: 'waiter' })
    waits.push(performance.now() - started)
    // why: a pause, so the writes land at different points of the writer's groups.
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  process.stdout.write(`waits ${JSON.stringify(waits)}\n`)
  break
}
await store.close()
