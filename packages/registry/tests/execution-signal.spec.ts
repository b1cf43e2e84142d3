// exec.signal is the one operational field: a tools/execute wrapper may add, replace or restore
// its absence, with either idiom (`exec.signal = undefined` or `delete exec.signal`).
import type { ToolExecution } from '@isocode/registry'
import { describe, expect, it } from 'vitest'
import { setup, text, textOf, tool } from './pipeline-helpers.ts'

type Remove = (exec: ToolExecution) => void

const idioms: Array<[string, Remove]> = [
  [
    'delete exec.signal',
    (exec) => {
      delete exec.signal
    },
  ],
  [
    'exec.signal = undefined',
    (exec) => {
      exec.signal = undefined
    },
  ],
]

async function recording() {
  const t = await setup()
  const seen: Array<[string, AbortSignal | undefined]> = []
  t.register(tool('x', (_args, exec) => (seen.push(['tool', exec.signal]), text('ok'))))
  t.root.on('tools/post-execute', async (exec, _result, next) => (seen.push(['post', exec.signal]), next()))
  t.root.on('tools/result', (exec) => {
    seen.push(['result', exec.signal])
  })
  return { t, seen }
}

describe('restoring absence of exec.signal', () => {
  it.each(idioms)('%s after next() restores absence for post-execute and observers', async (_label, remove) => {
    const { t, seen } = await recording()
    const deadline = new AbortController().signal
    t.root.on('tools/execute', async (exec, next) => {
      exec.signal = deadline
      try {
        return await next()
      } finally {
        remove(exec)
      }
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result.isError).toBe(false)
    expect(seen).toEqual([
      ['tool', deadline],
      ['post', undefined],
      ['result', undefined],
    ])
  })

  it.each(idioms)('%s before next() hides the caller signal from the tool', async (_label, remove) => {
    const { t, seen } = await recording()
    const caller = new AbortController().signal
    t.root.on('tools/execute', async (exec, next) => {
      remove(exec)
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {}, signal: caller })
    expect(result.isError).toBe(false)
    expect(seen).toEqual([
      ['tool', undefined],
      ['post', undefined],
      ['result', undefined],
    ])
  })

  it('reports delete exec.signal as successful, and the value stays replaceable afterwards', async () => {
    const { t, seen } = await recording()
    const later = new AbortController().signal
    let deleted: boolean | undefined
    t.root.on('tools/execute', async (exec, next) => {
      deleted = Reflect.deleteProperty(exec, 'signal')
      exec.signal = later
      return next()
    })
    await t.execute({ callId: 'c', name: 'x', arguments: {}, signal: new AbortController().signal })
    expect(deleted).toBe(true)
    expect(seen[0]).toEqual(['tool', later])
  })

  it('still refuses to delete an identity field, with a TypeError that fails the wrapper', async () => {
    const { t, seen } = await recording()
    t.root.on('tools/execute', async (exec, next) => {
      delete (exec as { name?: string }).name
      return next()
    })
    const result = await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(result).toMatchObject({ isError: true, error: { code: 'TOOL_FAILED' } })
    expect(textOf(result)).toContain('tools/execute wrapper failed for tool "x"')
    expect(textOf(result)).toContain('cannot delete exec.name of "x"')
    expect(textOf(result)).toContain('only exec.signal may change')
    expect(seen).toEqual([['result', undefined]])
  })

  it.each(idioms)('%s once the result is settled throws a TypeError naming the field', async (_label, remove) => {
    const t = await setup()
    t.register(tool('x'))
    let thrown: unknown
    t.root.on('tools/result', (exec) => {
      try {
        remove(exec)
      } catch (error) {
        thrown = error
      }
    })
    await t.execute({ callId: 'c', name: 'x', arguments: {}, signal: new AbortController().signal })
    expect(thrown).toBeInstanceOf(TypeError)
    expect(String((thrown as TypeError).message)).toContain('exec.signal')
  })

  it('keeps one execution identity across every stage and a frozen-looking object', async () => {
    const t = await setup()
    const seen: ToolExecution[] = []
    t.register(tool('x', (_args, exec) => (seen.push(exec), text('ok'))))
    t.root.on('tools/execute', async (exec, next) => (seen.push(exec), next()))
    t.root.on('tools/result', (exec) => {
      seen.push(exec)
    })
    await t.execute({ callId: 'c', name: 'x', arguments: {} })
    expect(seen).toHaveLength(3)
    expect(new Set(seen).size).toBe(1)
    expect(Object.isFrozen(seen[0])).toBe(true)
    expect(seen[0]?.callId).toBe('c')
  })
})
