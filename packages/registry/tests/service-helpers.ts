// Shared setup of the registry service specs: a real cordis root with ToolRegistry (and optionally
// SystemPrompt) and a plugin context that injects them.
import { SystemPrompt } from '@isocode/harness'
import type { ScopeKey } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import type {
  ContentBlock,
  ToolDefinition,
  ToolExecutionResult,
  ToolRegistryConfig,
  ToolsChange,
} from '@isocode/registry'
import { Context } from 'cordis'

/** A plain raw tool answering `<name> ok` (or `label` when given). */
export function tool(name: string, label = `${name} ok`, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
    execute: async (): Promise<ContentBlock[]> => [{ type: 'text', text: label }],
    ...extra,
  }
}

/** The text of a result's first text block. */
export function textOf(result: ToolExecutionResult): string {
  const block = result.content[0]
  return block?.type === 'text' ? block.text : `<${block?.type ?? 'no'} block>`
}

/** Load a plugin under `root` that injects `inject` and hand back its context. */
export async function pluginCtx(root: Context, inject: string[] = ['tools']): Promise<Context> {
  let ctx: Context | undefined
  await root.plugin({ inject, apply: (c: Context) => void (ctx = c) })
  if (ctx === undefined) throw new Error(`plugin injecting ${inject.join(', ')} did not load`)
  return ctx
}

/** Boot a root with ToolRegistry (and SystemPrompt when `prompt`), recording tools/change events. */
export async function boot(options: { config?: ToolRegistryConfig; prompt?: boolean; toolOrder?: string[] } = {}) {
  const root = new Context()
  if (options.prompt === true)
    await root.plugin(SystemPrompt, options.toolOrder ? { toolOrder: options.toolOrder } : {})
  await root.plugin(ToolRegistry, options.config ?? {})
  const ctx = await pluginCtx(root, options.prompt === true ? ['tools', 'systemPrompt'] : ['tools'])
  const changes: ToolsChange[] = []
  root.on('tools/change', (change) => void changes.push(change))
  return { root, ctx, changes }
}

/** Run `name` as `agent` (or globally) with empty arguments. */
export function run(ctx: Context, name: string, agent?: ScopeKey): Promise<ToolExecutionResult> {
  return ctx.tools.execute({ callId: `call-${name}`, name, arguments: {}, ...(agent === undefined ? {} : { agent }) })
}
