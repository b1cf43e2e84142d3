// Real processes race to claim the same runs, on the embedded store and on PostgreSQL: each run
// is claimed exactly once.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { openRunStore } from '../src/open.ts'
import type { RunStore } from '../src/run-store.ts'
import { fileSubject, pgSchema } from './helpers.ts'

const here = dirname(fileURLToPath(import.meta.url))
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const RUNS = 40
const PROCESSES = 3

async function decidedRuns(store: RunStore): Promise<void> {
  for (let i = 0; i < RUNS; i++) {
    const id = `run-${i}`
    await store.createRun({ id, code: 'await tools.send({})', holder: 'first' })
    await store.recordPending(id, { seq: 1, tool: 'send', args: {}, gate: 'approval' })
    await store.updateRun(id, { status: 'paused' })
    await store.decide(id, [{ seq: 1, approve: true }], { actor: 'test' })
  }
}

interface Child {
  ready: Promise<void>
  won: Promise<string[]>
  go(): void
}

function claimer(url: string, holder: string): Child {
  const child = spawn(
    process.execPath,
    ['--conditions=@isocode/source', '--import', tsx, join(here, 'fixtures', 'claimer.ts'), url, holder, String(RUNS)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let out = ''
  let err = ''
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.startsWith('ready\n')) resolve()
    }),
  )
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const won = new Promise<string[]>((resolve, reject) =>
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code === 0 && last.startsWith('[')) resolve(JSON.parse(last) as string[])
      else reject(new Error(`claimer ${holder} exited ${code}: ${err}`))
    }),
  )
  // why: a child that dies before it is ready must fail the test, not hang it.
  return { ready: Promise.race([ready, won.then(() => undefined)]), won, go: () => child.stdin.write('go\n') }
}

/** Runs the race; returns what each process says it won and who holds each run afterwards. */
async function race(url: string): Promise<{ won: string[][]; holders: Record<string, string | undefined> }> {
  const store = await openRunStore(url)
  try {
    await decidedRuns(store)
    const children = Array.from({ length: PROCESSES }, (_, i) => claimer(url, `proc${i}`))
    await Promise.all(children.map((c) => c.ready))
    for (const c of children) c.go()
    const won = await Promise.all(children.map((c) => c.won))
    const holders: Record<string, string | undefined> = {}
    for (const run of await store.listRuns()) holders[run.id] = run.claim?.holder
    return { won, holders }
  } finally {
    await store.close()
  }
}

const allRuns = Array.from({ length: RUNS }, (_, i) => `run-${i}`).toSorted()

/** Who should hold each run, by what each process said it won. */
const saidWon = (won: string[][]): Record<string, string> =>
  Object.fromEntries(won.flatMap((ids, i) => ids.map((id) => [id, `proc${i}`])))

const db = pgSchema('processes')
afterAll(() => db.drop())

describe(`${PROCESSES} processes claiming the same ${RUNS} runs`, () => {
  it('file: each run is claimed by exactly one process', async () => {
    const subject = await fileSubject()
    try {
      const { won, holders } = await race(subject.url)
      expect(won.flat().toSorted()).toEqual(allRuns)
      expect(holders).toEqual(saidWon(won))
    } finally {
      await subject.dispose?.()
    }
  })

  it('postgres://: each run is claimed by exactly one process', async () => {
    await db.reset()
    const { won, holders } = await race(db.url)
    expect(won.flat().toSorted()).toEqual(allRuns)
    expect(holders).toEqual(saidWon(won))
  })
})
