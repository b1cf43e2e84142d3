// ctx.tools.programs: without a store a registry's section and runs are as
// they were; with one, the section ends with `state` and the saved programs, a run gets the two
// bindings in the scope its input names, and a scope that is not a non-empty string is refused.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import { openRunStore } from '@isocode/run-store'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

// A backend that records what it was asked to run and reads one state key through the bindings.
class RecordingRuntime extends CodeRuntime {
  readonly isolation = 'none'
  language = 'typescript'
  readonly requests: CodeRunRequest[] = []
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    this.requests.push(request)
    const state = request.bindings.find((ns) => ns.global === 'state')
    const value = state === undefined ? null : ((await state.functions.get?.(['k'])) ?? null)
    return withUsage({ logs: [], value })
  }
}

async function boot() {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', check: false })
  await root.plugin(RecordingRuntime)
  const runtime = root.get('codeRuntime') as RecordingRuntime
  const run = (scope?: unknown) =>
    root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code: 'return 1' }, scope } as never)
  return { root, runtime, run }
}

describe('ctx.tools.programs', () => {
  it('leaves the section and the run as they were without a store', async () => {
    const { root, runtime, run } = await boot()
    const { system } = await root.systemPrompt.assemble()
    expect(system).not.toContain('declare const state')
    await run()
    expect(runtime.requests[0]?.bindings.map((ns) => ns.global)).toEqual(['tools'])
    expect(() => root.tools.programs.list()).not.toThrow()
    await expect(root.tools.programs.save('p', 'return 1', { description: 'd' })).rejects.toMatchObject({
      code: 'NO_PROGRAM_STORE',
    })
  })

  it('with a store: the state declaration, the bindings, and state read in the scope the input names', async () => {
    const { root, runtime, run } = await boot()
    const store = await openRunStore('memory:')
    const changes: string[] = []
    root.on('tools/change', (change) => void changes.push(change.kind))
    await root.tools.programs.use(store)
    await store.state.set('alice', 'k', 'from alice')
    expect((await root.systemPrompt.assemble()).system).toContain('declare const state: {')
    const alice = await run('alice')
    expect(alice.structuredContent).toMatchObject({ value: 'from alice' })
    const none = await run()
    expect(none.structuredContent).toMatchObject({ value: null })
    expect(runtime.requests[0]?.bindings.map((ns) => [ns.global, ns.positional])).toEqual([
      ['tools', undefined],
      ['state', true],
      ['programs', true],
    ])
    for (const scope of ['', 42]) {
      const refused = await run(scope)
      expect(refused).toMatchObject({ isError: true, error: { code: 'INVALID_INPUT' } })
    }
    expect(runtime.requests).toHaveLength(2)
    await root.tools.programs.save('answer', 'return 42', { description: 'The answer.' })
    expect(changes).toContain('programs')
    expect((await root.systemPrompt.assemble()).system).toContain('answer(input?: unknown): Promise<number>;')
    await store.close()
  }, 120_000)
})
