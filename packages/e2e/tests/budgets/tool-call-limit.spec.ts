// The per-run tool-call budget on the real in-process isolate runtime (rules in
// docs/registry-contract.md): a program looping on a tool ends with `tool-call-limit` after exactly
// toolCalls calls, whether or not it catches the refusal.
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { bootCodeMode, type CodeModeApp, textOf } from '../code-mode/setup.ts'
import { countingEcho, limitHead, runOutcomes } from './setup.ts'

let booted: CodeModeApp | undefined
afterEach(async () => {
  await booted?.dispose()
  booted = undefined
})

// why: roomy CPU and wall budgets, so only the call budget can end these loops.
async function boot(toolCalls?: number) {
  const echo = countingEcho()
  booted = await bootCodeMode(
    (root) => root.plugin(InProcessIsolateRuntime, { poolSize: 1, cpuMs: 20_000, wallMs: 60_000 }),
    { cpuMs: 0, wallMs: 0 },
    {
      tools: [echo.tool],
      ...(toolCalls === undefined ? {} : { registry: { toolCalls } }),
    },
  )
  return { app: booted, calls: echo.count }
}

describe('toolCalls on InProcessIsolateRuntime', () => {
  it('ends `while (true) await tools.echo({})` after exactly 50 calls with tool-call-limit', async () => {
    const { app, calls } = await boot(50)
    const result = await app.runCode('console.log("start")\nwhile (true) await tools.echo({})')
    expect(result).toMatchObject({ isError: true, error: { code: 'CODE_RUN_FAILED' } })
    expect(textOf(result).startsWith(limitHead(50))).toBe(true)
    expect(textOf(result)).toMatch(/logs before the failure:\nstart$/)
    expect(calls()).toBe(50)
    expect(runOutcomes(app.session)).toEqual(['tool-call-limit'])
  })

  it('ends a program that catches every refusal and keeps calling', async () => {
    const { app, calls } = await boot(50)
    const result = await app.runCode(
      'let refused = 0\nwhile (true) {\n  try { await tools.echo({}) } catch { refused++ }\n}',
    )
    expect(textOf(result).startsWith(limitHead(50))).toBe(true)
    expect(calls()).toBe(50)
    expect(runOutcomes(app.session)).toEqual(['tool-call-limit'])
  })

  it('applies the default of 1000 when toolCalls is unset, and a run under it is untouched', async () => {
    const { app, calls } = await boot()
    expect(app.root.tools.toolCalls).toBe(1000)
    expect(textOf(await app.runCode('for (let i = 0; i < 1000; i++) await tools.echo({})\nreturn "done"'))).toBe('done')
    expect(calls()).toBe(1000)
    const result = await app.runCode('while (true) await tools.echo({})')
    expect(textOf(result).startsWith(limitHead(1000))).toBe(true)
    expect(calls()).toBe(2000)
    expect(runOutcomes(app.session)).toEqual(['ok', 'tool-call-limit'])
    // why: 2,000 pipeline calls; generous for a machine under load, never part of the verdict.
  }, 60_000)
})
