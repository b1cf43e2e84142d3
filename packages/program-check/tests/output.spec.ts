// The type a program returns: inferred by the warm language service for a saved program's
// declaration, kept only when it stands alone (no `any`, no type only the program or SDK declares).
import { afterAll, describe, expect, it } from 'vitest'
import { ProgramAnalyzer } from '../src/analyze.ts'
import { createProgramChecker } from '../src/index.ts'
import { SDK } from './helpers.ts'

const analyzer = new ProgramAnalyzer()
const output = (code: string): string | undefined => {
  analyzer.check(code, SDK)
  return analyzer.output()
}

describe('the output type', () => {
  it('is the awaited type of what the program returns', () => {
    expect(output(`return { n: 1, tags: ['a'] }`)).toBe('{ n: number; tags: string[]; }')
    expect(output(`const text = await tools.read_file({ path: 'a' })\nreturn text.length`)).toBe('number')
    expect(output(`if (Math.random() > 1) return 'x'\nreturn 2`)).toBe('"x" | 2')
    expect(output(`console.log(1)`)).toBe('void')
  })

  it('is dropped when it is any, unknown, or names a type declared only in the program', () => {
    expect(output(`return JSON.parse('1')`)).toBeUndefined()
    expect(output(`const x: unknown = 1\nreturn x`)).toBeUndefined()
    expect(output(`interface Row { a: number }\nconst r: Row = { a: 1 }\nreturn r`)).toBeUndefined()
  })
})

describe('inspect', () => {
  const checker = createProgramChecker({ whileStarting: 'skip' })
  afterAll(() => checker.close())

  it('waits for a starting worker even when checks skip, and gives the check with the output', async () => {
    expect(await checker.inspect(`return [1, 2]`, SDK)).toEqual({ status: 'ok', output: 'number[]' })
    const blocked = await checker.inspect(`return await tools.raed_file({ path: 'a' })`, SDK)
    expect(blocked.status).toBe('blocked')
  })
})
