// One scenario: the tool-call budget on the process-supervised runtime (rule R-71 in
// docs/registry-contract.md). The budget's abort crosses the process boundary, so a program that
// catches every refusal and keeps calling still ends, after exactly toolCalls calls.
import { SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootCodeMode, type CodeModeApp, textOf } from '../code-mode/setup.ts'
import { countingEcho, limitHead, runOutcomes } from './setup.ts'

let app: CodeModeApp
const echo = countingEcho()
beforeAll(async () => {
  const runtime = { poolSize: 1, cpuMs: 20_000, wallMs: 60_000 }
  app = await bootCodeMode(
    (root) => root.plugin(SupervisedIsolateRuntime, runtime),
    { cpuMs: 0, wallMs: 0 },
    { tools: [echo.tool], registry: { toolCalls: 50 } },
  )
})
afterAll(() => app.dispose())

it('ends a program that catches every refusal and keeps calling, after exactly 50 calls', async () => {
  const result = await app.runCode(
    'let refused = 0\nwhile (true) {\n  try { await tools.echo({}) } catch { refused++ }\n}',
  )
  expect(textOf(result).startsWith(limitHead(50))).toBe(true)
  expect(echo.count()).toBe(50)
  expect(runOutcomes(app.session)).toEqual(['tool-call-limit'])
  expect(textOf(await app.runCode('return await tools.echo({})'))).toBe('e')
})
