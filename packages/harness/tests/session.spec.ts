import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import { SessionSink, createAgentScope } from '@isocode/harness'
import type { ScopeKey, SessionEvent } from '@isocode/harness'
import { plainPlugin } from './helpers.ts'

class MemorySession extends SessionSink {
  readonly log: Array<{ scope: ScopeKey | undefined; event: SessionEvent }> = []
  append(scope: ScopeKey | undefined, event: SessionEvent): void {
    this.log.push({ scope, event })
  }
}

describe('session sink seam', () => {
  it('is read opportunistically and appends events per scope', async () => {
    const root = new Context()
    const ctx = await plainPlugin(root)
    expect(ctx.get('session')).toBeUndefined()
    await root.plugin(MemorySession)
    const agent = createAgentScope(ctx)
    const sink = ctx.get('session')
    expect(sink).toBeInstanceOf(SessionSink)
    await sink?.append(agent.key, { type: 'tool/code-dispatch', id: 'call:code:1', name: 'read_file' })
    await sink?.append(undefined, { type: 'note', text: 'global' })
    expect((sink as MemorySession).log).toEqual([
      { scope: agent.key, event: { type: 'tool/code-dispatch', id: 'call:code:1', name: 'read_file' } },
      { scope: undefined, event: { type: 'note', text: 'global' } },
    ])
  })
})
