// Cloudflare's Code Mode (@cloudflare/codemode 0.5.6) through its public functions:
// `createCodeTool` (an AI SDK tool whose description carries the generated types) and
// `codeMcpServer` (an MCP server with one `code` tool wrapping an upstream server).
import type { ToolSet as AiToolSet } from 'ai'
import { aiSdkOpenAiText, fixtureAiTools } from './ai-sdk.ts'
import { stubCloudflareWorkers } from './cloudflare-workers-stub.ts'
import type { PromptForm, Renderer } from './form.ts'
import { upstreamServer } from './upstream.ts'
import { mcpToolsListText } from './wire.ts'

// why: pricing needs no sandbox; an executor is required by both functions and never called.
const executor = {
  execute: () => Promise.resolve({ result: undefined, error: 'bench: prompt-cost programs are never run' }),
}

async function codeTool(): Promise<Renderer> {
  stubCloudflareWorkers()
  const { createCodeTool } = await import('@cloudflare/codemode/ai')
  return {
    render: (set) => {
      // why: the key is what the application names the tool; Cloudflare's examples use `codemode`.
      const tools: AiToolSet = { codemode: createCodeTool({ tools: fixtureAiTools(set), executor }) }
      return aiSdkOpenAiText(tools)
    },
  }
}

async function codeServer(): Promise<Renderer> {
  const { codeMcpServer } = await import('@cloudflare/codemode/mcp')
  return {
    render: async (set) => {
      const upstream = upstreamServer(set)
      try {
        return await mcpToolsListText(await codeMcpServer({ server: upstream, executor }))
      } finally {
        await upstream.close()
      }
    },
  }
}

/** Cloudflare's two forms. */
export const cloudflareForms: readonly PromptForm[] = [
  {
    id: 'cloudflare',
    label: 'Cloudflare `createCodeTool`',
    what: 'createCodeTool over the set as AI SDK tools, sent as an OpenAI function by the AI SDK (`cloudflare:workers` stubbed)',
    load: codeTool,
  },
  {
    id: 'cloudflare_mcp',
    label: 'Cloudflare `codeMcpServer`',
    what: "codeMcpServer wrapping the set's MCP server: its tools/list",
    load: codeServer,
  },
]
