import Anthropic from '@anthropic-ai/sdk'
import { createCodeMode } from 'isocode'
import { messagesTool, toolResult } from 'isocode/anthropic'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedServer } from './helpers/scripted-server.ts'
import { comparePrograms, weatherTools } from './helpers/tools.ts'
import { message } from './helpers/wire.ts'

// The official client against a scripted Messages API on 127.0.0.1.
const { tools, calls } = weatherTools()
let codeMode: Awaited<ReturnType<typeof createCodeMode>>
beforeAll(async () => {
  // why: in-process isolates boot in ~50 ms against ~1 s for a supervised child; isolation is not under test here.
  codeMode = await createCodeMode({ tools, isolation: 'isolate' })
})
afterAll(() => codeMode.close())

describe('isocode/anthropic', () => {
  it('a 3-turn tool loop: tool_use blocks get tool_result blocks, is_error on a failed run', async () => {
    const server = await scriptedServer([
      message({ code: comparePrograms.ok }, 1),
      message({ code: comparePrograms.failing }, 2),
      message({ text: 'Paris is warmer.' }, 3),
    ])
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url })
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Paris or Oslo?' }]
    let answer: string | undefined
    for (let turn = 0; turn < 5 && answer === undefined; turn++) {
      const { content } = await client.messages.create({
        model: 'claude-test',
        max_tokens: 1024,
        messages,
        tools: [messagesTool(codeMode)],
      })
      messages.push({ role: 'assistant', content })
      const uses = content.filter((block) => block.type === 'tool_use')
      if (uses.length === 0) answer = content.map((block) => (block.type === 'text' ? block.text : '')).join('')
      else messages.push({ role: 'user', content: await Promise.all(uses.map((use) => toolResult(codeMode, use))) })
    }
    await server.close()

    expect(answer).toBe('Paris is warmer.')
    expect(server.requests.map((request) => request.path)).toEqual(Array(3).fill('/v1/messages'))
    expect(server.requests[0]!.body.tools).toEqual([
      { name: 'run_code', description: codeMode.tool.description, input_schema: codeMode.tool.inputSchema },
    ])
    const sent = server.requests[2]!.body.messages as { role: string; content: unknown }[]
    expect(sent.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user'])
    expect(sent[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: expect.stringContaining('Paris') },
    ])
    expect(sent[4]!.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_2',
        content: expect.stringContaining('no data for Lima'),
        is_error: true,
      },
    ])
  })

  it('an input that is not { code } gets an is_error tool_result and runs nothing', async () => {
    const before = calls.length
    const block = await toolResult(codeMode, {
      type: 'tool_use',
      id: 'toolu_x',
      name: 'run_code',
      input: { code: 'return 1', extra: true },
    })
    expect(block).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_x',
      content: expect.stringContaining('"extra"'),
      is_error: true,
    })
    expect(calls.length).toBe(before)
  })

  it('hands the structured result to onResult', async () => {
    let usage: unknown
    await toolResult(
      codeMode,
      { type: 'tool_use', id: 'toolu_y', name: 'run_code', input: { code: 'return 2 + 2' } },
      {
        onResult: (result) => (usage = { value: result.value, toolCalls: result.usage.toolCalls }),
      },
    )
    expect(usage).toEqual({ value: 4, toolCalls: 0 })
  })
})
