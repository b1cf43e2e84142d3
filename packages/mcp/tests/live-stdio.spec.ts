// Live runs over stdio with the real SDK client and a real child process: progress as sub-calls
// finish, cancellation from the client's AbortSignal, and a malformed progress token ignored.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { until } from './helpers.ts'
import { callWithProgress, recordNotifications, TEN_TICKS, TICKS_THEN_WAIT } from './live-helpers.ts'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '..', '..', '..')

// why: one child for the whole file: starting it (tsx, isolated-vm) costs seconds on a shared machine.
let server: { mcp: Client; stderr: string[] } | undefined
beforeAll(async () => void (server = await spawnServer()), 60_000)
afterAll(async () => server?.mcp.close())
const live = (): { mcp: Client; stderr: string[] } => {
  if (server === undefined) throw new Error('the stdio server did not start')
  return server
}

async function spawnServer(): Promise<{ mcp: Client; stderr: string[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--no-node-snapshot',
      '--conditions=@isocode/source',
      '--import',
      'tsx',
      join(here, 'fixtures', 'live-server.ts'),
    ],
    cwd: root,
    stderr: 'pipe',
  })
  const stderr: string[] = []
  transport.stderr?.on('data', (chunk: Buffer) =>
    stderr.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line !== ''),
    ),
  )
  const mcp = new Client({ name: 'live-stdio', version: '1.0.0' })
  await mcp.connect(transport)
  return { mcp, stderr }
}

/** The server's `run <outcome> <description>` lines for the calls described as `description`. */
const runLines = (stderr: readonly string[], description: string): string[] =>
  stderr.filter((line) => line.startsWith('run ') && line.endsWith(` ${description}`))

describe('run_code over stdio (a child process)', () => {
  it('sends at least 5 progress notifications for 10 calls 100 ms apart, the last before the result', async () => {
    const { mcp } = live()
    const { result, progressBeforeResult } = await callWithProgress(mcp, TEN_TICKS)
    expect(result.isError).toBe(false)
    expect(progressBeforeResult.length).toBeGreaterThanOrEqual(5)
    expect(progressBeforeResult.at(-1)).toMatchObject({ progress: 10, message: 'tick ok' })
  })

  it('a cancel aborts the in-flight tool and ends the run as abort; nothing is sent for it afterwards', async () => {
    const { mcp, stderr } = live()
    const errors: Error[] = []
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Protocol only offers the onerror property
    mcp.onerror = (error) => void errors.push(error)
    const progress: number[] = []
    const cancel = new AbortController()
    const call = mcp.callTool(
      { name: 'run_code', arguments: { code: TICKS_THEN_WAIT, description: 'cancel me' } },
      CallToolResultSchema,
      {
        onprogress: (p) => void progress.push(p.progress),
        signal: cancel.signal,
      },
    )
    call.catch(() => undefined)
    // why: after the third tick the program waits in wait_abort, which ends only when aborted.
    expect(await until(() => progress.includes(3) && stderr.includes('wait started'), 10_000)).toBe(true)
    cancel.abort(new Error('user cancelled'))
    await expect(call).rejects.toThrow(/user cancelled/)
    // why: stderr is read apart from stdout, so a run's line may arrive after its result; each spec
    // waits for the line naming its own call.
    expect(await until(() => runLines(stderr, 'cancel me').length > 0, 10_000)).toBe(true)
    expect(runLines(stderr, 'cancel me')).toEqual(['run abort cancel me'])
    expect(stderr.slice(stderr.lastIndexOf('wait started'))).toContain('tool aborted')
    // why: a round trip after the run ended; a late progress (its token dropped by the client) or
    // a late result would have arrived before the answer and been reported through onerror.
    await mcp.ping()
    expect(progress).toEqual([1, 2, 3])
    expect(errors.map((e) => e.message)).toEqual([])
  })

  it('a progress token of the wrong type is ignored: the call runs, without progress', async () => {
    const { mcp } = live()
    const received = recordNotifications(mcp)
    // why: the SDK client only sends valid tokens, so the malformed one is written into _meta by hand.
    const result = await mcp.callTool({
      name: 'run_code',
      arguments: { code: TEN_TICKS.replace('10', '2'), description: 'bad token' },
      _meta: { progressToken: 1.5 } as never,
    })
    expect(result.isError).toBe(false)
    expect(result.structuredContent).toMatchObject({ value: 'done' })
    expect(received.filter((n) => n.method === 'notifications/progress')).toEqual([])
  })

  it('cancelling a request that finished, or one never made, changes nothing', async () => {
    const { mcp, stderr } = live()
    const first = await mcp.callTool({ name: 'run_code', arguments: { code: 'return 1', description: 'first' } })
    expect(first.isError).toBe(false)
    await mcp.notification({ method: 'notifications/cancelled', params: { requestId: 1, reason: 'late' } })
    await mcp.notification({ method: 'notifications/cancelled', params: { requestId: 9_999, reason: 'unknown' } })
    const second = await mcp.callTool({ name: 'run_code', arguments: { code: 'return 2', description: 'second' } })
    expect(second.structuredContent).toMatchObject({ value: 2 })
    expect(await until(() => runLines(stderr, 'second').length > 0, 10_000)).toBe(true)
    expect([...runLines(stderr, 'first'), ...runLines(stderr, 'second')]).toEqual(['run ok first', 'run ok second'])
  })
})
