import { generateText, stepCountIs } from 'ai'
import { createCodeMode, type CodeModeResult } from 'isocode'
import { aiTool, codeModeTool } from 'isocode/ai'
import { describe, expect, it } from 'vitest'
import { scriptedModel, toolOutputsIn } from './helpers/ai-model.ts'
import { comparePrograms, weatherTools } from './helpers/tools.ts'

// The AI SDK line under test: ai 5 on Node 20, ai 7 on Node 22+ (vitest.config.ts).
describe('isocode/ai with generateText and the SDK mock model', () => {
  it('runs a 3-turn loop: the model reads the compact text, the tool result keeps value, logs and usage', async () => {
    const { tools, calls } = weatherTools()
    const { model, calls: modelCalls } = await scriptedModel([
      { code: comparePrograms.ok },
      { code: comparePrograms.failing },
      { text: 'Paris is warmer, by 9 °C.' },
    ])
    const { codeMode, offered, result } = await (async () => {
      // why: in-process isolates boot in ~50 ms against ~1 s for a supervised child; isolation is not under test here.
      await using run_code = await codeModeTool(tools, { isolation: 'isolate' })
      const { description, inputSchema } = run_code.codeMode.tool
      return {
        codeMode: run_code.codeMode,
        offered: { description, inputSchema },
        result: await generateText({ model, tools: { run_code }, stopWhen: stepCountIs(5), prompt: 'Paris or Oslo?' }),
      }
    })()
    // why: returning from the function ran Symbol.asyncDispose, which closes the Code Mode.
    await expect(codeMode.run('return 1')).rejects.toThrow(/closed/)

    expect(result.text).toBe('Paris is warmer, by 9 °C.')
    expect(result.steps).toHaveLength(3)
    expect(calls).toEqual(['Paris', 'Oslo', 'Paris'])

    const first = result.steps[0]!.toolResults[0]!.output as CodeModeResult
    expect(first).toMatchObject({ ok: true, value: { warmer: 'Paris', diff: 9 }, logs: ['paris 18 oslo 9'] })
    expect(first.usage.toolCalls).toBe(2)
    expect(first.usage.wallMs).toBeGreaterThan(0)
    const second = result.steps[1]!.toolResults[0]!.output as CodeModeResult
    expect(second).toMatchObject({ ok: false, error: { kind: 'exception', line: 2 } })
    expect(second.error!.message).toContain('no data for Lima')

    // why: the model's next prompt carries the run's text, not the JSON of the whole result.
    expect(toolOutputsIn(modelCalls()[1]!.prompt)).toEqual([{ type: 'text', value: first.text }])
    expect(toolOutputsIn(modelCalls()[2]!.prompt)).toEqual([
      { type: 'text', value: first.text },
      { type: 'text', value: second.text },
    ])
    expect(first.text).toContain('Paris')
    expect(second.text).toContain('no data for Lima')

    // why: the tool the model was offered carries the tools:sdk text, so it needs no system prompt.
    const sent = modelCalls()[0]!.tools![0]!
    expect(sent.name).toBe('run_code')
    expect(sent.description).toBe(offered.description)
    expect(sent.description).toContain('get_weather')
    expect(sent.inputSchema).toEqual(offered.inputSchema)
  })

  it('aiTool borrows a Code Mode: the caller keeps it open and closes it', async () => {
    const codeMode = await createCodeMode({ tools: weatherTools().tools, isolation: 'isolate' })
    const { model } = await scriptedModel([{ code: 'return 6 * 7' }, { text: '42' }])
    const { steps } = await generateText({
      model,
      tools: { run_code: aiTool(codeMode) },
      stopWhen: stepCountIs(3),
      prompt: '?',
    })
    expect((steps[0]!.toolResults[0]!.output as CodeModeResult).value).toBe(42)
    expect((await codeMode.run('return 1')).value).toBe(1)
    await codeMode.close()
  })
})
