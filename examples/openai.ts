import { createCodeMode } from 'isocode'
import { chatCompletionsTool, chatToolMessage } from 'isocode/openai'
import OpenAI from 'openai'
import { tools } from './tools.ts'

export async function main(client = new OpenAI(), prompt = 'Which is warmer, Paris or Oslo?') {
  await using codeMode = await createCodeMode({ tools })
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: prompt }]
  for (let turn = 0; turn < 5; turn++) {
    const request = { model: 'gpt-5.4-mini', messages, tools: [chatCompletionsTool(codeMode)] }
    const { message } = (await client.chat.completions.create(request)).choices[0]!
    messages.push(message)
    if (!message.tool_calls?.length) return message.content
    for (const call of message.tool_calls) messages.push(await chatToolMessage(codeMode, call))
  }
}
