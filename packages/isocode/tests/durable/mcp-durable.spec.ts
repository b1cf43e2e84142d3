// R-117 with a real MCP SDK server on stdio: its tools' schema hashes are recorded like local
// tools', so a resume after the server changed a called tool's schema is refused (TOOL_CHANGED)
// before anything runs; a call the server marks idempotentHint that was started and never
// recorded done (the process died) is re-run, any other pauses the run as needs-review.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openRunStore } from '@isocode/run-store'
import type { RunStore } from '@isocode/run-store'
import { createCodeMode } from 'isocode'
import type { CodeMode, CodeModeResult } from 'isocode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// why: beside the MCP package's fixtures, where the MCP SDK resolves.
const SERVER = fileURLToPath(new URL('../../../mcp/tests/fixtures/hinted-server.mjs', import.meta.url))
let dir: string
let log: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'isocode-mcp-durable-'))
  log = join(dir, 'calls.log')
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const ran = (): string[] => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [])

/** A Code Mode on `store` with the hinted server (schema `version`) and a gated local tool. */
function codeMode(store: string | RunStore, version: 'v1' | 'v2'): Promise<CodeMode> {
  return createCodeMode({
    isolation: 'isolate',
    store,
    mcp: [
      { name: 'hinted', command: process.execPath, args: [SERVER], env: { HINTED_SCHEMA: version, HINTED_LOG: log } },
    ],
    tools: {
      send: {
        inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
        needsApproval: true,
        execute: async ({ to }: { to: string }) => `sent ${to}`,
      },
    },
  })
}

/** Resume once the dead holder's lease ran out (until then the run is held: RUN_NOT_PAUSED). */
async function resumeAfterLease(cm: CodeMode, runId: string): Promise<CodeModeResult> {
  for (;;) {
    try {
      return await cm.runs.resume(runId)
    } catch (error) {
      if ((error as { code?: string }).code !== 'RUN_NOT_PAUSED') throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

describe('MCP tools in durable runs', () => {
  it('a resume after the server changed a called tool’s schema is refused, naming it; unchanged, it resumes', async () => {
    const url = `file:${join(dir, 'schema.db')}`
    const first = await codeMode(url, 'v1')
    let runId: string
    try {
      const paused = await first.run(`const found = await tools.lookup({ q: 'ada' })
return await tools.send({ to: found })`)
      expect(paused.status).toBe('paused')
      runId = paused.runId as string
    } finally {
      await first.close()
    }
    expect(ran()).toEqual(['lookup {"q":"ada"}'])

    const changed = await codeMode(url, 'v2')
    try {
      await expect(changed.runs.approve(runId)).rejects.toMatchObject({
        code: 'TOOL_CHANGED',
        message: expect.stringMatching(/tools\.lookup/),
      })
      expect((await changed.runs.get(runId))?.status).toBe('paused')
    } finally {
      await changed.close()
    }

    const same = await codeMode(url, 'v1')
    try {
      const done = await same.runs.approve(runId)
      expect(done).toMatchObject({ ok: true, value: 'sent lookup done' })
      // why: the recorded lookup was served from the log, not asked of the server again.
      expect(ran()).toEqual(['lookup {"q":"ada"}'])
    } finally {
      await same.close()
    }
    // why: three Code Modes each start a server process; the timeout only guards against a hang.
  }, 120_000)

  it('idempotentHint: a call started and never recorded done runs again; without it the run needs review', async () => {
    const store = await openRunStore(`file:${join(dir, 'crash.db')}`)
    const cm = await codeMode(store, 'v1')
    try {
      const before = ran().length
      // why: what a process killed inside the call leaves: the call written ahead, never done.
      await store.createRun({
        id: 'hinted-run',
        code: `return await tools.lookup({ q: 'x' })`,
        holder: 'dead',
        leaseMs: 1,
      })
      await store.callStarted('hinted-run', { seq: 1, tool: 'lookup', args: { q: 'x' } }, 'dead')
      const rerun = await resumeAfterLease(cm, 'hinted-run')
      expect(rerun).toMatchObject({ ok: true, status: 'completed', value: 'lookup done' })
      expect(ran().slice(before)).toEqual(['lookup {"q":"x"}'])

      await store.createRun({
        id: 'plain-run',
        code: `return await tools.charge({ cents: 5 })`,
        holder: 'dead',
        leaseMs: 1,
      })
      await store.callStarted('plain-run', { seq: 1, tool: 'charge', args: { cents: 5 } }, 'dead')
      const review = await resumeAfterLease(cm, 'plain-run')
      expect(review).toMatchObject({
        status: 'paused',
        error: { kind: 'needs-review' },
        pending: [{ seq: 1, tool: 'charge' }],
      })
      expect(ran().slice(before)).toEqual(['lookup {"q":"x"}'])
    } finally {
      await cm.close()
      await store.close()
    }
  }, 120_000)
})
