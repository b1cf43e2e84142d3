import { DynamicStructuredTool } from '@langchain/core/tools'
import type { CodeMode, CodeModeResult, RunCodeArgs } from './types.ts'

/** The LangChain tool `langchainTool` returns: content the run's text, artifact the structured result. */
export type CodeModeLangChainTool = DynamicStructuredTool<
  Record<string, unknown>,
  RunCodeArgs,
  RunCodeArgs,
  [string, CodeModeResult],
  unknown,
  'run_code'
>

/**
 * `codeMode`'s `run_code` as a LangChain.js structured tool, for `model.bindTools([...])` or an
 * agent. Invoked with a tool call it gives a `ToolMessage` whose content is the run's text and
 * whose `artifact` is the whole result (value, logs, usage, error); the caller closes `codeMode`.
 */
export function langchainTool(codeMode: CodeMode): CodeModeLangChainTool {
  const { description, inputSchema } = codeMode.tool
  return new DynamicStructuredTool({
    name: 'run_code',
    description,
    schema: { ...inputSchema },
    responseFormat: 'content_and_artifact',
    func: async (args: RunCodeArgs, _run, config) => {
      const result = await codeMode.tool.execute(args, { signal: config?.signal })
      return [result.text, result] as [string, CodeModeResult]
    },
  })
}
