import Anthropic from '@anthropic-ai/sdk'
import { createCodeMode } from 'isocode'
import { messagesTool, toolResult } from 'isocode/anthropic'
import { tools } from './tools.ts'

export async function main(client = new Anthropic(), prompt = 'Which is warmer, Paris or Oslo?') {
  await using codeMode = await createCodeMode({ tools })
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }]
  for (let turn = 0; turn < 5; turn++) {
    const request = { model: 'claude-sonnet-4-6', max_tokens: 4096, messages, tools: [messagesTool(codeMode)] }
    const { content } = await client.messages.create(request)
    messages.push({ role: 'assistant', content })
    const calls = content.filter((block) => block.type === 'tool_use')
    if (calls.length === 0) return content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    messages.push({ role: 'user', content: await Promise.all(calls.map((call) => toolResult(codeMode, call))) })
  }
}
