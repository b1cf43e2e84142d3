// The durable suite's PostgreSQL task: 200 runs paused at a gated call and approved (decisions
// recorded, not resumed), then 8 processes resume all of them at once. Every run must complete
// and each approved call must have run exactly once, counted by the tool itself (a log of
// idempotency keys); the time from "go" until every process is done gives runs/s.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { openRunStore } from '@isocode/run-store'
import { createCodeMode } from 'isocode'

export const PG_RUNS = 200
export const PG_PROCESSES = 8
const PG_URL = 'postgres://postgres@127.0.0.1:5432/test?schema=bench_durable_resume'
const child = fileURLToPath(new URL('durable-resumer.ts', import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

const pay = (log: string[]) => ({
  inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  needsApproval: true,
  execute: async ({ n }: { n: number }, options: { idempotencyKey?: string }) => (
    log.push(options.idempotencyKey ?? ''),
    n
  ),
})

interface Resumer {
  ready: Promise<void>
  done: Promise<number>
  send(line: string): void
  /** End its input and wait for it to exit (killed if it has not within 10 s). */
  close(): Promise<void>
}

function resumer(log: string, rotation: number): Resumer {
  const proc = spawn(
    process.execPath,
    ['--no-node-snapshot', '--conditions=@isocode/source', '--import', tsx, child, PG_URL, log, String(rotation)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let out = ''
  let err = ''
  let ready!: () => void
  let won!: (n: number) => void
  let failed!: (error: Error) => void
  const readyP = new Promise<void>((resolve) => (ready = resolve))
  const done = new Promise<number>((resolve, reject) => ((won = resolve), (failed = reject)))
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    if (out.includes('ready\n')) ready()
    const match = /^won (\d+)$/m.exec(out)
    if (match !== null) won(Number(match[1]))
  })
  proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  proc.on('exit', (code) => {
    if (!/^won \d+$/m.test(out))
      failed(new Error(`bench: a resumer exited (${code}) without finishing:\n${out}\n${err}`))
  })
  const close = async (): Promise<void> => {
    // why: its open stdin keeps a finished resumer alive, and a live child keeps the bench alive.
    proc.stdin.end()
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  return { ready: readyP, done, send: (line) => proc.stdin.write(`${line}\n`), close }
}

/** Run the task once: the time in ms from "go" until all processes finished; throws when a check fails. */
export async function resumeAtOnce(dir: string): Promise<number> {
  const local: string[] = []
  const log = join(dir, 'paid.log')
  const store = await openRunStore(PG_URL, { keepFinished: 10_000 })
  const cm = await createCodeMode({ isolation: 'isolate', store, tools: { pay: pay(local) } })
  const ids: string[] = []
  try {
    for (let i = 0; i < PG_RUNS; i++) {
      const paused = await cm.run(`return await tools.pay({ n: ${i} })`)
      if (paused.status !== 'paused' || paused.runId === undefined) throw new Error('bench: a run did not pause')
      const written = await store.decide(paused.runId, [{ seq: 1, approve: true }], { actor: 'bench' })
      if (!written.ok) throw new Error(`bench: the decision on ${paused.runId} was refused`)
      ids.push(paused.runId)
    }
  } finally {
    await cm.close()
  }
  const procs = Array.from({ length: PG_PROCESSES }, (_, i) => resumer(log, (i * PG_RUNS) / PG_PROCESSES))
  try {
    await Promise.all(procs.map((p) => p.ready))
    for (const p of procs) p.send(`ids ${JSON.stringify(ids)}`)
    const started = performance.now()
    for (const p of procs) p.send('go')
    const won = await Promise.all(procs.map((p) => p.done))
    const ms = performance.now() - started
    if (won.reduce((a, b) => a + b, 0) !== PG_RUNS) throw new Error(`bench: the processes won ${won.join('+')} runs`)
    const paid = readFileSync(log, 'utf8').split('\n').filter(Boolean)
    const expected = ids.map((id) => `${id}:1`).toSorted()
    if (local.length !== 0 || JSON.stringify(paid.toSorted()) !== JSON.stringify(expected))
      throw new Error(`bench: approved calls did not run exactly once each (${paid.length} runs logged)`)
    for (const id of ids)
      if ((await store.getRun(id))?.status !== 'completed') throw new Error(`bench: run ${id} did not complete`)
    return ms
  } finally {
    await Promise.all(procs.map((p) => p.close()))
    await store.close()
  }
}
