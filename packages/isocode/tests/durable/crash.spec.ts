// kill -9 after an approved call was dispatched and before its result was recorded: an
// idempotent tool is re-run with the same idempotencyKey; any other pauses the run as
// needs-review with that call pending, and runs once approved again.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createCodeMode } from 'isocode'
import type { CodeMode, CodeModeResult } from 'isocode'
import { openRunStore } from '@isocode/run-store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const tsx = pathToFileURL(createRequire(new URL('../../../../package.json', import.meta.url)).resolve('tsx')).href
const child = fileURLToPath(new URL('fixtures/crash-child.ts', import.meta.url))
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'isocode-crash-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Run the child until it dispatched the approved call, then SIGKILL it; its run id and the key it saw. */
function crashChild(url: string, idempotent: boolean): Promise<{ runId: string; key: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--no-node-snapshot', '--conditions=@isocode/source', '--import', tsx, child, url, idempotent ? 'yes' : 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    let err = ''
    let runId = ''
    let key = ''
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      runId = /^paused (\S+)$/m.exec(out)?.[1] ?? runId
      const dispatched = /^dispatched (\S+)$/m.exec(out)?.[1]
      if (dispatched !== undefined && key === '') {
        key = dispatched
        proc.kill('SIGKILL')
      }
    })
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    proc.on('exit', (_code, signal) =>
      signal === 'SIGKILL' && key !== ''
        ? resolve({ runId, key })
        : reject(new Error(`the child ended early:\n${out}\n${err}`)),
    )
  })
}

const charges: string[] = []
async function parent(url: string, idempotent: boolean): Promise<CodeMode> {
  const store = await openRunStore(url, { leaseMs: 300 })
  const cm = await createCodeMode({
    isolation: 'isolate',
    store,
    tools: {
      charge: {
        inputSchema: { type: 'object', properties: { cents: { type: 'number' } }, required: ['cents'] },
        needsApproval: true,
        idempotent,
        execute: async (_args: unknown, options: { idempotencyKey?: string }) => {
          charges.push(options.idempotencyKey ?? '')
          return 'charged'
        },
      },
    },
  })
  const close = cm.close.bind(cm)
  return Object.assign(cm, { close: async () => (await close(), await store.close()) })
}

/** Resume once the dead holder's lease ran out (until then the run is held: RUN_NOT_PAUSED). */
async function resumeAfterLease(cm: CodeMode, runId: string): Promise<CodeModeResult> {
  for (;;) {
    try {
      return await cm.runs.resume(runId)
    } catch (error) {
      if ((error as { code?: string }).code !== 'RUN_NOT_PAUSED') throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

describe('a process killed inside an approved call', () => {
  it('an idempotent tool is re-run once with the same key', async () => {
    charges.length = 0
    const url = `file:${join(dir, 'idempotent.db')}`
    const { runId, key } = await crashChild(url, true)
    expect(key).toBe(`${runId}:1`)
    const cm = await parent(url, true)
    const done = await resumeAfterLease(cm, runId)
    expect(done).toMatchObject({ ok: true, status: 'completed', value: 'charged' })
    expect(charges).toEqual([key])
    await cm.close()
  }, 60_000)

  it('any other tool pauses the run as needs-review; approved again, it runs once with the same key', async () => {
    charges.length = 0
    const url = `file:${join(dir, 'review.db')}`
    const { runId, key } = await crashChild(url, false)
    const cm = await parent(url, false)
    const review = await resumeAfterLease(cm, runId)
    expect(review).toMatchObject({
      ok: false,
      status: 'paused',
      error: { kind: 'needs-review' },
      pending: [{ seq: 1, tool: 'charge', args: { cents: 100 } }],
    })
    expect(charges).toEqual([])
    expect(await cm.runs.get(runId)).toMatchObject({ status: 'needs-review', pending: [{ seq: 1 }] })
    const done = await cm.runs.approve(runId)
    expect(done).toMatchObject({ ok: true, value: 'charged' })
    expect(charges).toEqual([key])
    await cm.close()
  }, 60_000)
})
