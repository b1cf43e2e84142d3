// `isocode serve` on stdio, driven by the real MCP SDK client, with a tool that never settles: the
// wall budget ends run_code as timeout, the tool's signal fires, the abandoned call is reported as
// such, and the server goes on serving (R-63, RT-24), on both isolations.
import { existsSync } from 'node:fs'
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, expect, it } from 'vitest'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'isocode.mjs')

let dir = ''

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-serve-never-')))
  // why: the tool runs in the serve process, so it leaves a file behind to show its signal fired.
  await writeFile(
    join(dir, 'tools.mjs'),
    `import { writeFileSync } from 'node:fs'
export default [
  { name: 'never', description: 'Never answers.', parameters: { type: 'object' }, execute: (_args, exec) => {
    exec.signal.addEventListener('abort', () => writeFileSync(process.env.NEVER_ABORTED, 'aborted'))
    return new Promise(() => {})
  } },
]\n`,
  )
})
afterAll(async () => rm(dir, { recursive: true, force: true }))

it.each(['process', 'isolate'] as const)(
  'run_code ends as timeout at the wall budget and the server keeps serving (--isolation %s)',
  async (isolation) => {
    const marker = join(dir, `aborted-${isolation}`)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        bin,
        'serve',
        '--tools',
        join(dir, 'tools.mjs'),
        '--isolation',
        isolation,
        '--cpu-ms',
        '500',
        '--wall-ms',
        '1000',
      ],
      cwd: dir,
      env: { ...(process.env as Record<string, string>), NEVER_ABORTED: marker },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'cli-test', version: '1.0.0' })
    await client.connect(transport)
    // why: the SDK client runs notification handlers a microtask late, so a progress notification
    // read in the same chunk as its response never reaches onprogress; the wire order is the server's.
    const wire: JSONRPCMessage[] = []
    const deliver = transport.onmessage
    // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the SDK's transports only offer the onmessage property
    transport.onmessage = (message: JSONRPCMessage) => {
      wire.push(message)
      deliver?.(message)
    }
    try {
      const ended = await client.callTool(
        { name: 'run_code', arguments: { code: 'console.log("before")\nreturn await tools.never({})' } },
        undefined,
        { onprogress: () => undefined },
      )
      expect(ended).toMatchObject({
        isError: true,
        structuredContent: {
          logs: ['before'],
          usage: { toolCalls: 1 },
          error: {
            kind: 'timeout',
            message: 'wall-clock budget of 1000 ms exceeded while waiting on tools.never (at 2:20)',
          },
        },
      })
      // why: the abandoned call is reported before the result, as failed with ABORTED.
      const progress = wire.flatMap((message) =>
        'method' in message && message.method === 'notifications/progress' ? [message.params?.['message']] : [],
      )
      expect(progress).toEqual(['never failed (ABORTED)'])
      expect(wire.at(-1)).toMatchObject({ result: { structuredContent: { error: { kind: 'timeout' } } } })
      expect(existsSync(marker)).toBe(true)
      const next = await client.callTool({ name: 'run_code', arguments: { code: 'return 1' } })
      expect(next).toMatchObject({ isError: false, structuredContent: { value: 1 } })
    } finally {
      await client.close()
    }
  },
)
