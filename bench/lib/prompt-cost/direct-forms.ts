// Direct tool calling: every tool as its own definition, in the two shapes models receive them.
import { aiSdkOpenAiText, fixtureAiTools } from './ai-sdk.ts'
import type { PromptForm } from './form.ts'
import { upstreamServer } from './upstream.ts'
import { mcpToolsListText } from './wire.ts'

/** Direct calling through the AI SDK (OpenAI function JSON) and as an MCP server's tools/list. */
export const directForms: readonly PromptForm[] = [
  {
    id: 'direct',
    label: 'direct (OpenAI function JSON)',
    what: 'every tool as an OpenAI function, as the AI SDK sends them (output schemas have no place there)',
    load: () => Promise.resolve({ render: (set) => aiSdkOpenAiText(fixtureAiTools(set)) }),
  },
  {
    id: 'direct_mcp',
    label: 'direct (MCP tools/list)',
    what: "the server's own MCP tools/list result, output schemas included",
    load: () => Promise.resolve({ render: (set) => mcpToolsListText(upstreamServer(set)) }),
  },
]
