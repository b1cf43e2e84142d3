import type { BaseChatModel } from '@langchain/core/language_models/chat_models'
import { HumanMessage, type BaseMessage } from '@langchain/core/messages'
import { createCodeMode } from 'isocode'
import { langchainTool } from 'isocode/langchain'
import { tools } from './tools.ts'

export async function main(model: BaseChatModel, prompt = 'Which is warmer, Paris or Oslo?') {
  await using codeMode = await createCodeMode({ tools })
  const runCode = langchainTool(codeMode)
  const chat = model.bindTools!([runCode])
  const messages: BaseMessage[] = [new HumanMessage(prompt)]
  for (let turn = 0; turn < 5; turn++) {
    const reply = await chat.invoke(messages)
    messages.push(reply)
    if (!reply.tool_calls?.length) return reply.text
    for (const call of reply.tool_calls) messages.push(await runCode.invoke(call))
  }
}
