// the checker's worker starts with the first program checked, never when a Code Mode
// registry is created; the program that starts it runs unchecked, and once it is up the check blocks.
import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import { afterAll, describe, expect, it } from 'vitest'

// A backend that records the programs it was asked to run and returns 1.
class RecordingRuntime extends CodeRuntime {
  readonly isolation = 'none'
  language = 'typescript'
  readonly programs: string[] = []
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    this.programs.push(request.program)
    return withUsage({ logs: [], value: 1 })
  }
}

// why: Node emits 'worker' on the process for every worker thread created; the checker is the only
// worker this file's code starts, so the count is the number of checker starts.
let workers = 0
const countWorker = (): void => void workers++
process.on('worker', countWorker)
afterAll(() => void process.off('worker', countWorker))
// why: Node emits 'worker' on a process.nextTick queued by the Worker constructor; a run against the
// recording runtime is all microtasks, so the count is read after the next macrotask, when every tick
// queued before it has run (an ordering, not a wait).
const ticked = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

async function boot(config: { check?: boolean }) {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', ...config })
  await root.plugin(RecordingRuntime)
  root.tools.register({
    name: 'read_file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    execute: async () => [{ type: 'text', text: 'text' }],
  })
  const runtime = root.get('codeRuntime') as RecordingRuntime
  const run = (code: string) =>
    root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code, description: 'd' } })
  return { runtime, run }
}

const BROKEN = `await tools.raed_file({ path: 'x' })`
const kindOf = (result: { structuredContent?: unknown }): string | undefined =>
  (result.structuredContent as { error?: { kind?: string } } | undefined)?.error?.kind

describe('the checker starts on the first check (R-104)', () => {
  it('creating Code Mode registries starts no worker; a registry with check off never starts one', async () => {
    await boot({})
    await boot({ check: true })
    const off = await boot({ check: false })
    await off.run(BROKEN)
    expect(off.runtime.programs).toEqual([BROKEN])
    await ticked()
    expect(workers).toBe(0)
  })

  it('the first check starts the one worker and its program runs unchecked; once up, the check blocks', async () => {
    const { runtime, run } = await boot({})
    expect(workers).toBe(0)
    const first = await run(BROKEN)
    await ticked()
    expect(workers).toBe(1)
    // why: the worker cannot be ready within the first check (it loads TypeScript), so R-104 lets it run.
    expect(runtime.programs).toEqual([BROKEN])
    expect(kindOf(first)).not.toBe('check')
    let blocked = false
    while (!blocked) {
      // why: the worker says it is ready through a message, which needs a turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 20))
      blocked = kindOf(await run(BROKEN)) === 'check'
    }
    await ticked()
    expect(workers).toBe(1)
    const other = await boot({})
    expect(kindOf(await other.run(BROKEN))).toBe('check')
    expect(other.runtime.programs).toEqual([])
    await ticked()
    expect(workers).toBe(1)
  }, 600_000)
})
