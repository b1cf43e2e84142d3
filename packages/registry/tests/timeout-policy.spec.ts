import { createAgentScope } from '@isocode/harness'
import { ToolRegistry, type ToolDefinition, type ToolExecution } from '@isocode/registry'
import { TimeoutPolicy } from '@isocode/registry/timeout-policy'
import { Context } from 'cordis'
import { afterEach, describe, expect, it, vi } from 'vitest'

type Body = (exec: ToolExecution) => Promise<unknown>

function slowTool(name: string, body: Body, timeoutMs?: number): ToolDefinition {
  return {
    name,
    parameters: { type: 'object' },
    execute: async (_args, exec) => (await body(exec)) as never,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  }
}

// why: a body that only settles when its signal aborts, so the deadline is the only way out.
const untilAborted: Body = (exec) =>
  new Promise((resolve) =>
    exec.signal?.addEventListener('abort', () => resolve([{ type: 'text', text: 'aborted' }]), { once: true }),
  )

async function boot(...tools: ToolDefinition[]) {
  const root = new Context()
  await root.plugin(ToolRegistry)
  await root.plugin(TimeoutPolicy)
  const signals: Array<AbortSignal | undefined> = []
  root.on('tools/post-execute', async (exec, _result, next) => (signals.push(exec.signal), next()))
  for (const tool of tools) root.tools.register(tool)
  return { root, signals }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('timeout policy', () => {
  it('turns an expired budget into an isError TIMEOUT naming the tool and the budget', async () => {
    const seen: Array<AbortSignal | undefined> = []
    const { root, signals } = await boot(slowTool('slow', (exec) => (seen.push(exec.signal), untilAborted(exec)), 20))
    const result = await root.tools.execute({ callId: 'c', name: 'slow', arguments: {} })
    expect(result).toEqual({
      callId: 'c',
      content: [{ type: 'text', text: 'tool "slow" timed out after 20 ms' }],
      isError: true,
      error: { name: 'RegistryError', code: 'TIMEOUT' },
    })
    expect(seen[0]?.aborted).toBe(true)
    expect(seen[0]?.reason).toMatchObject({ name: 'TimeoutError' })
    expect(signals).toEqual([undefined])
  })

  it('times out even a body that ignores its signal', async () => {
    const { root } = await boot(slowTool('stubborn', () => new Promise(() => {}), 10))
    const result = await root.tools.execute({ callId: 'c', name: 'stubborn', arguments: {} })
    expect(result.error).toEqual({ name: 'RegistryError', code: 'TIMEOUT' })
  })

  it('combines the caller signal with the deadline and restores the caller signal afterwards', async () => {
    const caller = new AbortController()
    const seen: Array<AbortSignal | undefined> = []
    const { root, signals } = await boot(
      slowTool(
        'slow',
        (exec) => {
          seen.push(exec.signal)
          queueMicrotask(() => caller.abort(new Error('user hit stop')))
          return untilAborted(exec)
        },
        60_000,
      ),
    )
    const result = await root.tools.execute({ callId: 'c', name: 'slow', arguments: {}, signal: caller.signal })
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'aborted' }] })
    expect(seen[0]).not.toBe(caller.signal)
    expect(seen[0]?.aborted).toBe(true)
    expect(signals).toEqual([caller.signal])
  })

  it('passes a fast call through unchanged and clears its timer', async () => {
    vi.useFakeTimers()
    const { root, signals } = await boot(slowTool('fast', async () => [{ type: 'text', text: 'quick' }], 5_000))
    const caller = new AbortController().signal
    const result = await root.tools.execute({ callId: 'c', name: 'fast', arguments: {}, signal: caller })
    expect(result).toEqual({ callId: 'c', content: [{ type: 'text', text: 'quick' }], isError: false })
    expect(vi.getTimerCount()).toBe(0)
    expect(signals).toEqual([caller])
  })

  it('leaves tools without timeoutMs alone', async () => {
    const seen: Array<AbortSignal | undefined> = []
    const { root } = await boot(
      slowTool('plain', async (exec) => (seen.push(exec.signal), [{ type: 'text', text: 'ok' }])),
    )
    const caller = new AbortController().signal
    await root.tools.execute({ callId: 'a', name: 'plain', arguments: {}, signal: caller })
    await root.tools.execute({ callId: 'b', name: 'plain', arguments: {} })
    expect(seen).toEqual([caller, undefined])
  })

  it('reads the budget of the definition the calling agent resolves', async () => {
    const { root } = await boot(slowTool('work', untilAborted))
    let owner: Context | undefined
    await root.plugin({ inject: ['tools'], apply: (ctx: Context) => void (owner = ctx) })
    const agent = createAgentScope(owner!)
    agent.ctx.tools.register(slowTool('work', untilAborted, 15))
    const scoped = await root.tools.execute({ callId: 'a', name: 'work', arguments: {}, agent: agent.key })
    expect(scoped.error?.code).toBe('TIMEOUT')
    const global = root.tools.execute({ callId: 'g', name: 'work', arguments: {}, signal: AbortSignal.timeout(30) })
    expect((await global).isError).toBe(false)
  })
})
