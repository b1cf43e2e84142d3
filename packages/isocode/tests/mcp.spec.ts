// MCP servers as tools, given as the CLI's --mcp takes them: their tools join the user's tools in
// one SDK, programs call both, and close() ends the server process.
import { createCodeMode } from 'isocode'
import { describe, expect, it } from 'vitest'
import { childPids, TINY_SERVER, tinySpec, until } from './helpers.ts'

describe('mcp option', () => {
  it('a stdio command line: its tools sit beside the plain ones in one SDK and programs call both', async () => {
    const before = childPids()
    const cm = await createCodeMode({
      isolation: 'isolate',
      mcp: [tinySpec()],
      tools: {
        twice: {
          description: 'Double n.',
          inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
          execute: async ({ n }: { n: number }) => n * 2,
        },
      },
    })
    try {
      expect(cm.sdk).toContain('pid: (args: {}) => Promise<string>;')
      expect(cm.sdk).toContain('twice: (args: {')
      const result = await cm.run(
        'const pid = await tools.pid({})\nreturn { server: Number(pid) > 0, twice: await tools.twice({ n: 4 }) }',
      )
      expect(result).toMatchObject({ ok: true, value: { server: true, twice: 8 }, usage: { toolCalls: 2 } })
      // why: the server announces a new tool (list_changed); the SDK text and run_code's description follow.
      const added = await cm.run('return await tools.add_tool({})')
      expect(await until(() => cm.sdk.includes(`${String(added.value)}: (args: {}) => Promise<string>;`))).toBe(true)
      expect(cm.tool.description).toContain(cm.sdk)
    } finally {
      await cm.close()
    }
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
  })

  it('two servers are namespaced (server__tool), as with --mcp', async () => {
    const cm = await createCodeMode({
      isolation: 'isolate',
      mcp: [tinySpec('one'), { name: 'two', command: process.execPath, args: [TINY_SERVER] }],
    })
    try {
      expect(cm.sdk).toContain('one__pid: (args: {}) => Promise<string>;')
      expect(cm.sdk).toContain('two__pid: (args: {}) => Promise<string>;')
    } finally {
      await cm.close()
    }
  })

  it('a server that cannot start: one STARTUP error naming it, nothing left running', async () => {
    const before = childPids()
    const error = await createCodeMode({
      isolation: 'isolate',
      mcp: [`broken=${JSON.stringify(process.execPath)} -e "process.exit(3)"`],
    }).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({
      name: 'IsocodeError',
      code: 'STARTUP',
      message: expect.stringMatching(/^createCodeMode: mcp: .*broken/s),
    })
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
  })
})
