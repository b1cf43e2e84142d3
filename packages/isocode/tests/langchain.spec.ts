import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages'
import { fakeModel } from '@langchain/core/testing'
import { convertToOpenAITool } from '@langchain/core/utils/function_calling'
import { createCodeMode, type CodeModeResult } from 'isocode'
import { langchainTool } from 'isocode/langchain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { comparePrograms, weatherTools } from './helpers/tools.ts'

// @langchain/core's own fake tool-calling chat model (`fakeModel` from @langchain/core/testing).
const { tools } = weatherTools()
let codeMode: Awaited<ReturnType<typeof createCodeMode>>
beforeAll(async () => {
  // why: in-process isolates boot in ~50 ms against ~1 s for a supervised child; isolation is not under test here.
  codeMode = await createCodeMode({ tools, isolation: 'isolate' })
})
afterAll(() => codeMode.close())

describe('isocode/langchain', () => {
  it('a 3-turn tool loop: ToolMessage content is the run text, its artifact the structured result', async () => {
    const model = fakeModel()
      .respondWithTools([
        { name: 'run_code', args: { code: comparePrograms.ok, description: 'compare the weather' }, id: 'call_1' },
      ])
      .respondWithTools([
        { name: 'run_code', args: { code: comparePrograms.failing, description: 'one city more' }, id: 'call_2' },
      ])
      .respond(new AIMessage('Paris is warmer.'))
    const runCode = langchainTool(codeMode)
    const chat = model.bindTools([runCode])
    const messages: BaseMessage[] = [new HumanMessage('Paris or Oslo?')]
    let answer: string | undefined
    for (let turn = 0; turn < 5 && answer === undefined; turn++) {
      const reply = await chat.invoke(messages)
      messages.push(reply)
      if (!reply.tool_calls?.length) answer = reply.text
      for (const call of reply.tool_calls ?? []) messages.push(await runCode.invoke(call))
    }

    expect(answer).toBe('Paris is warmer.')
    expect(model.callCount).toBe(3)
    const toolMessages = messages.filter((entry) => entry instanceof ToolMessage)
    expect(toolMessages.map((entry) => entry.tool_call_id)).toEqual(['call_1', 'call_2'])
    const [ok, failed] = toolMessages.map((entry) => entry.artifact as CodeModeResult)
    expect(ok).toMatchObject({ ok: true, value: { warmer: 'Paris', diff: 9 }, logs: ['paris 18 oslo 9'] })
    expect(ok!.usage.toolCalls).toBe(2)
    expect(failed).toMatchObject({ ok: false, error: { kind: 'exception' } })
    expect(toolMessages.map((entry) => entry.content)).toEqual([ok!.text, failed!.text])
    // why: the third model call saw both tool messages, so the loop fed the results back.
    expect(model.calls[2]!.messages.filter((entry) => entry instanceof ToolMessage)).toHaveLength(2)
  })

  it('converts to the provider tool JSON a LangChain chat model sends', () => {
    expect(convertToOpenAITool(langchainTool(codeMode))).toEqual({
      type: 'function',
      function: { name: 'run_code', description: codeMode.tool.description, parameters: codeMode.tool.inputSchema },
    })
  })
})
