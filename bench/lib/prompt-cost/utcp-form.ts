// UTCP's Code Mode (@utcp/code-mode 1.2.12): its agent prompt template followed by the TypeScript
// interfaces its client generates for the registered tools, the two texts its README tells an
// agent to read. The tools arrive as one manual named after their server, through a call template
// protocol of the bench's that only lists them (nothing is called).
import { createRequire } from 'node:module'
import type { PromptForm, Renderer } from './form.ts'
import type { ToolSet } from './sets.ts'
import {
  type CodeModeModule,
  quietly,
  registerPassThroughTemplates,
  type SdkModule,
  shareIsolatedVm,
} from '../utcp-peer.ts'

const require = createRequire(import.meta.url)
const PROTOCOL = 'isocode_prompt_cost'

/** The set as a UTCP manual's tools (UTCP prefixes each name with the manual's). */
function utcpTools(set: ToolSet): object[] {
  return set.tools.map((t) => ({
    name: t.name,
    description: t.description ?? '',
    inputs: t.parameters,
    outputs: t.outputSchema ?? {},
    tags: [],
    tool_call_template: { name: set.server, call_template_type: PROTOCOL },
  }))
}

function registerListingProtocol(sdk: SdkModule, manuals: Map<string, object[]>): void {
  registerPassThroughTemplates(sdk, PROTOCOL)
  sdk.CommunicationProtocol.communicationProtocols[PROTOCOL] = {
    registerManual: (_caller: unknown, template: { name: string }) =>
      Promise.resolve({
        manualCallTemplate: template,
        manual: { utcp_version: '1.0.0', manual_version: '1.0.0', tools: manuals.get(template.name) ?? [] },
        success: true,
        errors: [],
      }),
    deregisterManual: () => Promise.resolve(),
    callTool: () => Promise.reject(new Error('bench: prompt-cost tools are never called')),
    callToolStreaming: async function* () {},
    close: () => Promise.resolve(),
  }
}

function load(): Promise<Renderer> {
  const entry = require.resolve('@utcp/code-mode')
  // why: the package loads isolated-vm at import; pricing never runs a program, so it gets the
  // build Isocode loaded for this Node (its own ^6 has no binary for Node 20).
  shareIsolatedVm(entry)
  const codeMode = require(entry) as CodeModeModule
  const manuals = new Map<string, object[]>()
  registerListingProtocol(require(createRequire(entry).resolve('@utcp/sdk')) as SdkModule, manuals)
  return Promise.resolve({
    render: async (set) => {
      manuals.set(set.server, utcpTools(set))
      const client = await quietly(() => codeMode.CodeModeUtcpClient.create(process.cwd(), null))
      try {
        const registered = await quietly(() =>
          client.registerManual({ name: set.server, call_template_type: PROTOCOL }),
        )
        if (!registered.success) throw new Error(`UTCP refused the manual: ${registered.errors.join('; ')}`)
        const interfaces = await client.getAllToolsTypeScriptInterfaces()
        return `${codeMode.CodeModeUtcpClient.AGENT_PROMPT_TEMPLATE}\n\n${interfaces}`
      } finally {
        await quietly(() => client.close())
      }
    },
  })
}

/** UTCP's form. */
export const utcpForm: PromptForm = {
  id: 'utcp',
  label: 'UTCP code-mode',
  what: "UTCP's AGENT_PROMPT_TEMPLATE + getAllToolsTypeScriptInterfaces() for the set as one manual",
  load,
}
