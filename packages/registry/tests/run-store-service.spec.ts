// The runStore service seen from the registry alone: its config is checked field
// by field, and a run_code call that fails before its program runs (no runtime) is still ended
// in the store as `failed`, with the same isError result an unrecorded call gets.
import { RunStoreService, ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import { expect, it } from 'vitest'

it('refuses an unknown option and a store that is neither a URL nor a store, naming the field', async () => {
  const root = new Context()
  await expect(root.plugin(RunStoreService, { url: 'memory:' } as never)).rejects.toThrow(/unknown option "url"/)
  await expect(root.plugin(RunStoreService, { store: { getRun() {} } } as never)).rejects.toThrow(
    /store must be a URL or a RunStore; this object lacks createRun/,
  )
  expect(root.get('runStore')).toBeUndefined()
})

it('records a run that could not start as failed and answers as an unrecorded call would', async () => {
  const root = new Context()
  await root.plugin(ToolRegistry, { mode: 'code' })
  const call = () => root.tools.execute({ callId: 'c1', name: 'run_code', arguments: { code: 'return 1' } })
  const unrecorded = await call()
  expect(unrecorded).toMatchObject({ isError: true, error: { code: 'CODE_MODE_UNAVAILABLE' } })

  await root.plugin(RunStoreService, { store: 'memory:' })
  const recorded = await call()
  expect(recorded).toEqual(unrecorded)
  const runs = await root.tools.runs.list()
  expect(runs.map((run) => [run.status, run.code])).toEqual([['failed', 'return 1']])
})
