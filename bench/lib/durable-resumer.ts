// One of the processes of the durable suite's PostgreSQL task: a Code Mode on the shared store
// whose gated `pay` tool appends the run's idempotency key to a log file (so the parent counts
// what really ran); on "go" it resumes every run id it was given, in its own rotation, and
// prints how many it won (the others are RUN_NOT_PAUSED: another process had them).
import { appendFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { openRunStore } from '@isocode/run-store'
import { createCodeMode } from 'isocode'

const [url, log, rotation] = process.argv.slice(2) as [string, string, string]
// why: every finished run stays readable for the parent's checks (the default keeps 100).
const store = await openRunStore(url, { keepFinished: 10_000 })
const cm = await createCodeMode({
  isolation: 'isolate',
  store,
  tools: {
    pay: {
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      needsApproval: true,
      execute: async ({ n }: { n: number }, options: { idempotencyKey?: string }) => {
        appendFileSync(log, `${options.idempotencyKey ?? 'none'}\n`)
        return n
      },
    },
  },
})
const lines = createInterface({ input: process.stdin })
let ids: string[] = []
process.stdout.write('ready\n')
for await (const line of lines) {
  if (line.startsWith('ids ')) ids = JSON.parse(line.slice(4)) as string[]
  if (line !== 'go') continue
  const start = Number(rotation) % Math.max(ids.length, 1)
  const order = [...ids.slice(start), ...ids.slice(0, start)]
  let won = 0
  for (const id of order) {
    try {
      const result = await cm.runs.resume(id)
      if (result.status !== 'completed') throw new Error(`run ${id} ended ${result.status}`)
      won += 1
    } catch (error) {
      if ((error as { code?: string }).code !== 'RUN_NOT_PAUSED') throw error
    }
  }
  process.stdout.write(`won ${won}\n`)
  break
}
await cm.close()
await store.close()
