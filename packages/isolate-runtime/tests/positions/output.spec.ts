// An output-cap kill while the program prints in a loop names the line that prints.
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootSupervised, run } from '../helpers.ts'

let app: Awaited<ReturnType<typeof bootSupervised>>
beforeAll(async () => (app = await bootSupervised()))
afterAll(() => app.dispose())

it('supervised: names the printing line of a loop over the output cap', async () => {
  const result = await run(app.runtime, 'const line = "x".repeat(100)\nawait null\nfor (let i = 0; ; i++) console.log(i, line)')
  expect(result.error?.kind).toBe('output-limit')
  // why: without a pause (Node 26, see IsolatedVmLine.pausesToLocate) the message ends at "less".
  const where = isolatedVmLineFor()?.pausesToLocate === true ? / \(at 3:\d+\)$/ : /less$/
  expect(result.error?.message).toMatch(/^output over the 4096-byte cap .*; print or return less/)
  expect(result.error?.message).toMatch(where)
})
