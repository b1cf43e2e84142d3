// the assembly starts the runtime without waiting for it and boots the rest meanwhile; a
// part that fails takes everything apart, the runtime's child included, whatever the order.
import { describe, expect, it } from 'vitest'
import { openApp } from '../src/assembly/app.ts'
import type { AppPlan } from '../src/assembly/plan.ts'
import type { ToolMeta } from '../src/define.ts'
import { childPids, testPlan, until } from './helpers.ts'

const plan = (over: Partial<AppPlan>): AppPlan => testPlan({ isolation: 'process', ...over })

// why: registration fails before any fact of the tool is read; the facts only have to be well-typed.
const META: ToolMeta = {
  needsApproval: false,
  idempotent: false,
  destructive: false,
  replay: 'record',
  revert: undefined,
  check: async () => [],
  hash: '',
}
const echo = { name: 'echo', parameters: { type: 'object' }, execute: async () => [] }

describe('booting the runtime alongside the host (R-150)', () => {
  it('a part that fails while the runtime child starts: its error, and no child process is left', async () => {
    const before = childPids()
    let spawned = false
    const error = await openApp(plan({}), {
      setup: async () => {
        // why: fail only once the runtime's child exists, so the failure lands while it is starting
        // or just started, and that child must be ended by the failed boot.
        spawned = await until(() => childPids().some((pid) => !before.includes(pid)), 60_000)
        throw new Error('setup failed')
      },
    }).catch((thrown: unknown) => thrown)
    expect(spawned).toBe(true)
    expect(error).toMatchObject({ message: 'setup failed' })
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
  })

  it('an MCP server that cannot start: one STARTUP error naming it, and no child process is left', async () => {
    const before = childPids()
    const error = await openApp(
      plan({ mcp: [{ name: 'broken', command: process.execPath, args: ['-e', 'process.exit(3)'] }] }),
    ).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({
      name: 'IsocodeError',
      code: 'STARTUP',
      message: expect.stringMatching(/^mcp: .*broken/s),
    })
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
  })

  it('a tool the registry refuses: INVALID_TOOL naming it, and no child process is left', async () => {
    const before = childPids()
    const error = await openApp(plan({}), {
      tools: [{ definition: { ...echo, name: '$bad' }, meta: META }],
    }).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({
      name: 'IsocodeError',
      code: 'INVALID_TOOL',
      message: expect.stringMatching(/^tools\.\$bad: /),
    })
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
  })

  it('a boot that succeeds has the runtime up: a program runs in its child', async () => {
    const app = await openApp(plan({}))
    try {
      const result = await app.execute({
        callId: 'c1',
        name: 'run_code',
        arguments: { code: 'return 1 + 1', description: 'd' },
      })
      expect(result.isError).not.toBe(true)
      expect(result.structuredContent).toMatchObject({ value: 2 })
    } finally {
      await app.dispose()
    }
  })
})
