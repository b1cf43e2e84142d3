// Shared setup of the pipeline specs: a real cordis root with ToolRegistry, a plugin context that
// injects it, and agent scopes minted from that context.
import {
  type AgentScope,
  ApprovalService,
  type ApprovalOutcome,
  type ApprovalSubject,
  createAgentScope,
} from '@isocode/harness'
import {
  type ContentBlock,
  type ToolDefinition,
  type ToolExecution,
  type ToolExecutionResult,
  type ToolGuard,
  type ToolOutput,
  ToolRegistry,
} from '@isocode/registry'
import { Context } from 'cordis'

/** A text content array. */
export const text = (value: string): ContentBlock[] => [{ type: 'text', text: value }]

/** The text of a result's first text block. */
export function textOf(result: ToolExecutionResult): string {
  const block = result.content[0]
  return block?.type === 'text' ? block.text : `<${block?.type ?? 'no'} block>`
}

/** A raw tool definition around `run`. */
export function tool(
  name: string,
  run: (args: never, exec: ToolExecution) => unknown = () => text(`${name} ok`),
): ToolDefinition {
  return { name, parameters: { type: 'object' }, execute: async (args, exec) => run(args as never, exec) as ToolOutput }
}

/** One request an approval stand-in received. */
export interface ApprovalRequest {
  execution: ApprovalSubject
  reason: string | undefined
}

/** An approval service answering every request with `answer` (or by calling it), recording requests. */
export function approvalWith(answer: ApprovalOutcome | (() => Promise<ApprovalOutcome>)): {
  plugin: new (ctx: Context) => ApprovalService
  requests: ApprovalRequest[]
} {
  const requests: ApprovalRequest[] = []
  class TestApproval extends ApprovalService {
    async request(execution: ApprovalSubject, reason: string | undefined): Promise<ApprovalOutcome> {
      requests.push({ execution, reason })
      return typeof answer === 'function' ? answer() : answer
    }
  }
  return { plugin: TestApproval, requests }
}

/** A root with ToolRegistry, a plugin context injecting it, and shortcuts over `ctx.tools`. */
export async function setup() {
  const root = new Context()
  await root.plugin(ToolRegistry)
  let found: Context | undefined
  await root.plugin({ inject: ['tools'], apply: (c: Context) => void (found = c) })
  if (found === undefined) throw new Error('the tools plugin context did not load')
  const ctx = found
  return {
    root,
    ctx,
    register: (definition: ToolDefinition, scope?: AgentScope) => (scope?.ctx ?? ctx).tools.register(definition),
    guard: (guard: ToolGuard, scope?: AgentScope) => (scope?.ctx ?? ctx).tools.guard(guard),
    agent: (): AgentScope => createAgentScope(ctx),
    execute: (input: unknown) => ctx.tools.execute(input as never),
  }
}
