import { createCodeMode, IsocodeError, type CodeModeResult } from 'isocode'
import { chatCompletionsTool, chatToolMessage, functionCallOutput, responsesTool } from 'isocode/openai'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedServer } from './helpers/scripted-server.ts'
import { comparePrograms, weatherTools } from './helpers/tools.ts'
import { chatCompletion, response } from './helpers/wire.ts'

// The official client (openai 6 on Node 20, 7 on Node 22+) against a scripted server on 127.0.0.1.
const { tools, calls } = weatherTools()
let codeMode: Awaited<ReturnType<typeof createCodeMode>>
beforeAll(async () => {
  // why: in-process isolates boot in ~50 ms against ~1 s for a supervised child; isolation is not under test here.
  codeMode = await createCodeMode({ tools, isolation: 'isolate' })
})
afterAll(() => codeMode.close())

describe('isocode/openai', () => {
  it('Chat Completions: a 3-turn tool loop sends the tool JSON and answers each call with a tool message', async () => {
    const server = await scriptedServer([
      chatCompletion({ code: comparePrograms.ok }, 1),
      chatCompletion({ code: comparePrograms.failing }, 2),
      chatCompletion({ text: 'Paris is warmer.' }, 3),
    ])
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1` })
    const results: CodeModeResult[] = []
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Paris or Oslo?' }]
    let answer: string | null = null
    for (let turn = 0; turn < 5 && answer === null; turn++) {
      const { message } = (
        await client.chat.completions.create({ model: 'gpt-test', messages, tools: [chatCompletionsTool(codeMode)] })
      ).choices[0]!
      messages.push(message)
      if (!message.tool_calls?.length) answer = message.content
      for (const call of message.tool_calls ?? []) {
        messages.push(await chatToolMessage(codeMode, call, { onResult: (result) => results.push(result) }))
      }
    }
    await server.close()

    expect(answer).toBe('Paris is warmer.')
    expect(server.requests.map((request) => request.path)).toEqual(Array(3).fill('/v1/chat/completions'))
    expect(server.requests[0]!.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'run_code',
          description: codeMode.tool.description,
          parameters: codeMode.tool.inputSchema,
          strict: false,
        },
      },
    ])
    expect(results.map((result) => result.ok)).toEqual([true, false])
    expect(results[0]).toMatchObject({ value: { warmer: 'Paris', diff: 9 }, logs: ['paris 18 oslo 9'] })
    expect(results[0]!.usage.toolCalls).toBe(2)
    expect(server.requests[2]!.body.messages).toEqual([
      { role: 'user', content: 'Paris or Oslo?' },
      expect.objectContaining({ role: 'assistant' }),
      { role: 'tool', tool_call_id: 'call_1', content: results[0]!.text },
      expect.objectContaining({ role: 'assistant' }),
      { role: 'tool', tool_call_id: 'call_2', content: results[1]!.text },
    ])
    expect(results[1]!.text).toContain('no data for Lima')
  })

  it('Responses: a 3-turn loop answers each function_call with a function_call_output item', async () => {
    const server = await scriptedServer([
      response({ code: comparePrograms.ok }, 1),
      response({ code: 'return tools.get_weather({ city: "Oslo" })' }, 2),
      response({ text: 'Paris is warmer.' }, 3),
    ])
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1` })
    // why: the stateful form (previous_response_id) sends only the new function_call_output items.
    let reply = await client.responses.create({
      model: 'gpt-test',
      input: 'Paris or Oslo?',
      tools: [responsesTool(codeMode)],
    })
    for (let turn = 0; turn < 5; turn++) {
      const fnCalls = reply.output.filter((item) => item.type === 'function_call')
      if (fnCalls.length === 0) break
      const input = await Promise.all(fnCalls.map((call) => functionCallOutput(codeMode, call)))
      reply = await client.responses.create({
        model: 'gpt-test',
        previous_response_id: reply.id,
        input,
        tools: [responsesTool(codeMode)],
      })
    }
    const answer = reply.output_text
    await server.close()

    expect(answer).toBe('Paris is warmer.')
    expect(server.requests.map((request) => request.path)).toEqual(Array(3).fill('/v1/responses'))
    expect(server.requests[0]!.body.tools).toEqual([
      {
        type: 'function',
        name: 'run_code',
        description: codeMode.tool.description,
        parameters: codeMode.tool.inputSchema,
        strict: false,
      },
    ])
    expect(server.requests.map((request) => request.body.previous_response_id)).toEqual([undefined, 'resp_1', 'resp_2'])
    expect(server.requests[1]!.body.input).toEqual([
      { type: 'function_call_output', call_id: 'call_1', output: expect.stringContaining('Paris') },
    ])
    expect(server.requests[2]!.body.input).toEqual([
      { type: 'function_call_output', call_id: 'call_2', output: expect.stringContaining('Oslo') },
    ])
  })

  it('answers arguments that are not { code } with an explanation the model can act on, without running anything', async () => {
    const before = calls.length
    for (const args of ['{"code": ', '{"program": "return 1"}', '{"code": 7}']) {
      const message = await chatToolMessage(codeMode, {
        id: 'call_x',
        type: 'function',
        function: { name: 'run_code', arguments: args },
      })
      expect(message.role).toBe('tool')
      expect(message.content).toMatch(/^run_code was not run: .+ Send \{"code": .+\}\.$/)
    }
    expect(calls.length).toBe(before)
  })

  it('throws UNKNOWN_TOOL for a call to another tool, naming it', async () => {
    const call = { id: 'call_y', type: 'function', function: { name: 'get_time', arguments: '{}' } }
    const error = await chatToolMessage(codeMode, call).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(IsocodeError)
    expect(error).toMatchObject({ code: 'UNKNOWN_TOOL', message: expect.stringContaining("'get_time'") })
  })
})
