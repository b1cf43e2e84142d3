// CodeModeResult is a union discriminated by `ok`: strict TypeScript narrows `error` on `!r.ok`
// (checked by `pnpm typecheck`, which compiles this file) and a real failed run carries it.
import { createCodeMode } from 'isocode'
import type { CodeModeError, CodeModeResult } from 'isocode'
import { describe, expect, expectTypeOf, it } from 'vitest'

/** The kind of a failed run, written as a user would under `strict`. */
function failureKind(r: CodeModeResult): string | undefined {
  // why: before `ok` discriminated, `r.error` stayed possibly undefined here (TS18048).
  if (!r.ok) return r.error.kind
  return undefined
}

describe('CodeModeResult', () => {
  it('narrows on ok: a failure has an error, a success has none', () => {
    expectTypeOf<Extract<CodeModeResult, { ok: false }>['error']>().toEqualTypeOf<CodeModeError>()
    expectTypeOf<Extract<CodeModeResult, { ok: true }>['error']>().toEqualTypeOf<undefined>()
  })

  it('a failed run has ok: false and its error kind; a successful one has no error', async () => {
    await using cm = await createCodeMode({ isolation: 'isolate', tools: {} })
    const failed = await cm.run('throw new Error("boom")')
    expect(failureKind(failed)).toBe('exception')
    const fine = await cm.run('return 1')
    expect(fine).toMatchObject({ ok: true, value: 1 })
    expect('error' in fine).toBe(false)
  })
})
