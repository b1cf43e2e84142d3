// The MCP SDK's real client against a real `isocode serve` process (stdio or Streamable HTTP), with
// or without the elicitation capability, for the durable-runs specs of serve.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { CallToolResult, ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { expect } from 'vitest'

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'isocode.mjs')

/** How the test's user answers an elicitation; each question is kept for the test to read. */
export type Answer = (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>

/** A connected client and the elicitations it was asked. */
export interface Connected {
  client: Client
  asked: ElicitRequest['params'][]
  close(): Promise<void>
}

function client(answer: Answer | undefined): { client: Client; asked: ElicitRequest['params'][] } {
  const asked: ElicitRequest['params'][] = []
  const c = new Client(
    { name: 'durable-spec', version: '1.0.0' },
    { capabilities: answer === undefined ? {} : { elicitation: { form: {} } } },
  )
  if (answer !== undefined)
    c.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params)
      return answer(request.params)
    })
  return { client: c, asked }
}

/** `isocode serve <args>` over stdio in `cwd`, connected. */
export async function overStdio(cwd: string, args: readonly string[], answer?: Answer): Promise<Connected> {
  const made = client(answer)
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', ...args],
    cwd,
    stderr: 'pipe',
  })
  await made.client.connect(transport)
  return { ...made, close: () => made.client.close() }
}

/** A client over Streamable HTTP at `url`, connected. */
export async function overHttp(url: string, answer?: Answer): Promise<Connected> {
  const made = client(answer)
  await made.client.connect(new StreamableHTTPClientTransport(new URL(url)))
  return { ...made, close: () => made.client.close() }
}

/** The text blocks of a tools/call result, joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
}

/** Call `name` and return its result as the SDK validated it. */
export async function call(c: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await c.callTool({ name, arguments: args })) as CallToolResult
}

/** The form field names of an elicitation, e.g. `approve_2` and `reason_2`. */
export function fieldsOf(request: ElicitRequest['params']): string[] {
  return 'requestedSchema' in request ? Object.keys(request.requestedSchema.properties) : []
}

/** run_code of `code` (in the `_meta.scope` given): its value, once it is checked to be no error. */
export async function runValue(c: Connected, code: string, scope?: string): Promise<unknown> {
  const result = (await c.client.callTool({
    name: 'run_code',
    arguments: { code },
    ...(scope === undefined ? {} : { _meta: { scope } }),
  })) as CallToolResult
  expect(result.isError ?? false).toBe(false)
  return (result.structuredContent as { value?: unknown }).value
}
