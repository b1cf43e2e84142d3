import { onAbort, standardConfigSchema } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'

describe('onAbort', () => {
  it('calls the function once when the signal aborts', () => {
    const controller = new AbortController()
    let calls = 0
    onAbort(controller.signal, () => calls++)
    controller.abort()
    controller.abort()
    expect(calls).toBe(1)
  })

  it('returns a disposer after which an abort no longer calls the function', () => {
    const controller = new AbortController()
    let calls = 0
    const detach = onAbort(controller.signal, () => calls++)
    detach()
    controller.abort()
    expect(calls).toBe(0)
  })

  it('keeps two registrations of one function apart', () => {
    const controller = new AbortController()
    let calls = 0
    const fn = (): void => void calls++
    const first = onAbort(controller.signal, fn)
    onAbort(controller.signal, fn)
    first()
    controller.abort()
    expect(calls).toBe(1)
  })

  it('is a no-op without a signal', () => {
    let calls = 0
    const detach = onAbort(undefined, () => calls++)
    expect(() => detach()).not.toThrow()
    expect(calls).toBe(0)
  })
})

describe('standardConfigSchema', () => {
  it('wraps a validate function as a version 1 isocode Standard Schema', () => {
    const schema = standardConfigSchema<number>((value) =>
      typeof value === 'number' ? { value } : { issues: [{ message: 'not a number' }] },
    )
    expect(schema['~standard'].version).toBe(1)
    expect(schema['~standard'].vendor).toBe('isocode')
    expect(schema['~standard'].validate(3)).toEqual({ value: 3 })
    expect(schema['~standard'].validate('x')).toEqual({ issues: [{ message: 'not a number' }] })
  })
})
