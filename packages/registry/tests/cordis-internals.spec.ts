// The pipeline reads Cordis's listener table (`ctx.events._hooks`) to skip the waterfalls when no
// listener exists (src/pipeline/events.ts). That table is an implementation detail of cordis
// 4.0.0-rc.10: these tests fail loudly if an upgrade renames or reshapes it, instead of the
// pipeline silently skipping every listener.
import { describe, expect, it } from 'vitest'
import { hasListeners } from '../src/pipeline/events.ts'
import { boot, run, tool } from './service-helpers.ts'

const UPGRADE_HINT = 'cordis changed ctx.events._hooks; update packages/registry/src/pipeline/events.ts'

describe('the Cordis listener table the pipeline reads', () => {
  it('is a record of listener arrays keyed by event name, emptied when a listener goes', async () => {
    const { root, ctx } = await boot()
    // oxlint-disable-next-line no-underscore-dangle -- the very internal this test pins
    const hooks = (root.events as unknown as { _hooks?: Record<string, unknown[] | undefined> })._hooks
    expect({ observed: typeof hooks, hint: UPGRADE_HINT }).toEqual({ observed: 'object', hint: UPGRADE_HINT })
    expect({ observed: (hooks?.['tools/result'] ?? []).length, hint: UPGRADE_HINT }).toEqual({
      observed: 0,
      hint: UPGRADE_HINT,
    })
    const dispose = ctx.on('tools/result', () => {})
    expect({ observed: hooks?.['tools/result']?.length, hint: UPGRADE_HINT }).toEqual({
      observed: 1,
      hint: UPGRADE_HINT,
    })
    dispose()
    expect({ observed: hooks?.['tools/result']?.length ?? 0, hint: UPGRADE_HINT }).toEqual({
      observed: 0,
      hint: UPGRADE_HINT,
    })
  })

  it('makes hasListeners follow ctx.on and its disposer, so listeners are never skipped', async () => {
    const { root, ctx } = await boot()
    ctx.tools.register(tool('probe'))
    expect(hasListeners(root, 'tools/pre-execute')).toBe(false)
    const seen: string[] = []
    const dispose = ctx.on('tools/pre-execute', async (exec, next) => (seen.push(exec.name), next()))
    expect({ observed: hasListeners(root, 'tools/pre-execute'), hint: UPGRADE_HINT }).toEqual({
      observed: true,
      hint: UPGRADE_HINT,
    })
    await run(ctx, 'probe')
    expect(seen).toEqual(['probe'])
    dispose()
    expect({ observed: hasListeners(root, 'tools/pre-execute'), hint: UPGRADE_HINT }).toEqual({
      observed: false,
      hint: UPGRADE_HINT,
    })
    await run(ctx, 'probe')
    expect(seen).toEqual(['probe'])
  })
})
