// The exact text a model gets back from run_code when its program breaks a budget, on the default
// runtime (process isolation): the line it was executing, or what it was waiting on, with a caret.
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootModelView, type ModelView } from './model-sees.ts'

let view: ModelView
beforeAll(
  async () =>
    (view = await bootModelView('isocode-budgets-', () => ({
      mcp: [],
      tools: undefined,
      workspace: true,
      budgets: { cpuMs: 200, wallMs: 600 },
    }))),
)
afterAll(() => view.dispose())

const modelSees = (code: string): Promise<string> => view.modelSees(code)

describe('budget errors a model fixes in one step', () => {
  it('runs on the process-isolated default', () => {
    expect(view.app.isolation).toBe('process')
  })

  it('a CPU-budget kill quotes the line of the endless loop', async () => {
    // why: on a Node line whose V8 cannot pause an isolate (26) the kill names no line.
    const located = [
      'run_code failed (timeout): CPU budget of 200 ms exceeded (at 2:1)',
      '2 | for (;;) {}',
      '  | ^',
    ].join('\n')
    expect(await modelSees('const files: string[] = []\nfor (;;) {}\nreturn files')).toBe(
      isolatedVmLineFor()?.pausesToLocate === true
        ? located
        : 'run_code failed (timeout): CPU budget of 200 ms exceeded',
    )
  })

  it('a wall-clock kill names the timer the program waits on and where it set it', async () => {
    expect(await modelSees('console.log("waiting")\nawait new Promise((resolve) => setTimeout(resolve, 60_000))')).toBe(
      [
        'run_code failed (timeout): wall-clock budget of 600 ms exceeded while waiting on setTimeout (at 2:32)',
        '2 | await new Promise((resolve) => setTimeout(resolve, 60_000))',
        '  |                                ^',
        '',
        'logs before the failure:',
        'waiting',
      ].join('\n'),
    )
  })
})
