import { type CodeBindingNamespace, CodeRuntimeError, validateBindings } from '@isocode/code-runtime'
import { describe, expect, it } from 'vitest'

const echo = (args: unknown): Promise<never> => Promise.resolve(args as never)
const ns = (global: string, errorClass?: CodeBindingNamespace['errorClass']): CodeBindingNamespace =>
  errorClass === undefined ? { global, functions: { echo } } : { global, functions: { echo }, errorClass }

function misuse(bindings: CodeBindingNamespace[]): CodeRuntimeError {
  try {
    validateBindings(bindings)
  } catch (error) {
    if (error instanceof CodeRuntimeError) return error
    throw error
  }
  throw new Error('expected validateBindings to throw')
}

describe('validateBindings', () => {
  it('accepts portable, unique globals and hostile member names', () => {
    const functions = Object.assign(Object.create(null) as Record<string, typeof echo>, {
      constructor: echo,
      'my-tool': echo,
    })
    Object.defineProperty(functions, '__proto__', { value: echo, enumerable: true })
    expect(() =>
      validateBindings([
        { global: 'tools', functions, errorClass: { name: 'ToolCallError', memberNameProperty: 'tool' } },
        ns('_db2'),
      ]),
    ).not.toThrow()
    expect(() => validateBindings([])).not.toThrow()
  })

  it.each(['bad-name', '1st', '', 'dollar$', 'ünicode', 'has space'])(
    'refuses the non-portable global %j',
    (global) => {
      const error = misuse([ns(global)])
      expect(error.code).toBe('INVALID_BINDINGS')
      expect(error.message).toMatch(/namespace global .* is not a portable identifier/)
    },
  )

  it.each(['console', 'globalThis', 'class', 'await', 'undefined', 'Object', 'Promise', 'JSON', 'WebAssembly'])(
    'refuses the reserved global %s',
    (global) => {
      expect(misuse([ns(global)]).message).toBe(
        `namespace global "${global}" shadows a reserved global or keyword; pick another name`,
      )
    },
  )

  it('refuses duplicates across namespaces and error classes', () => {
    expect(misuse([ns('tools'), ns('tools')]).message).toMatch(/"tools" is declared twice/)
    expect(misuse([ns('tools', { name: 'tools', memberNameProperty: 'tool' })]).message).toMatch(
      /errorClass name "tools" is declared twice/,
    )
    const clash = [
      ns('a', { name: 'Failure', memberNameProperty: 'tool' }),
      ns('b', { name: 'Failure', memberNameProperty: 'tool' }),
    ]
    expect(misuse(clash).message).toMatch(/"Failure" is declared twice/)
  })

  it('refuses bad error classes and member properties', () => {
    expect(misuse([ns('tools', { name: 'Bad-Name', memberNameProperty: 'tool' })]).message).toMatch(
      /errorClass name "Bad-Name"/,
    )
    for (const property of ['', 'message', 'name', 'stack']) {
      expect(misuse([ns('tools', { name: 'ToolCallError', memberNameProperty: property })]).message).toMatch(
        /memberNameProperty/,
      )
    }
  })

  it('refuses members that are not functions and a non-array', () => {
    const bad = { global: 'tools', functions: { echo: 'nope' } } as unknown as CodeBindingNamespace
    expect(misuse([bad]).message).toBe('namespace "tools": member "echo" is not a function')
    expect(misuse({} as CodeBindingNamespace[]).message).toMatch(/bindings must be an array/)
  })
})
