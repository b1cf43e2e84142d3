import { Service } from 'cordis'
import type { Context } from 'cordis'
import { HarnessError } from '../errors.ts'
import { scopeOf, scopeTarget } from '../scope.ts'
import type { ScopeKey } from '../scope-key.ts'
import { SystemPromptConfigSchema } from './config.ts'
import { checkDraft, checkToolSchema, copyTool, finish, reapply } from './draft.ts'
import type {
  PromptAssembly,
  PromptDraft,
  PromptSection,
  SectionOptions,
  SystemPromptConfig,
  ToolProvider,
  ToolProviderOptions,
  ToolSchema,
} from './types.ts'

declare module 'cordis' {
  interface Context {
    systemPrompt: SystemPrompt
  }
}

interface SectionEntry {
  readonly name: string
  readonly order: number
  readonly render: SectionOptions['render']
  readonly protected: boolean
}

interface ProviderEntry {
  readonly scope: ScopeKey | undefined
  readonly provide: ToolProvider
  readonly options: ToolProviderOptions
}

function misuse(message: string): never {
  throw new HarnessError(message, 'INVALID_REGISTRATION')
}

/**
 * `ctx.systemPrompt`: named lazy sections and tool-schema providers, assembled per scope into the
 * system text and the ordered wire tools. Registrations are owned by the calling context's fiber.
 */
export class SystemPrompt extends Service {
  static Config = SystemPromptConfigSchema
  private readonly global = new Map<string, SectionEntry>()
  private readonly scoped = new Map<ScopeKey, Map<string, SectionEntry>>()
  private readonly providers = new Set<ProviderEntry>()
  private readonly toolOrder: readonly string[]

  constructor(ctx: Context, config: SystemPromptConfig = {}) {
    super(ctx, 'systemPrompt')
    this.toolOrder = Object.freeze([...(config.toolOrder ?? [])])
  }

  /**
   * Add section `name` for the caller's layer (global, or the agent scope of the calling ctx,
   * where it shadows a same-named global section unless that one is protected).
   */
  section(name: string, options: SectionOptions): () => Promise<void> {
    if (typeof name !== 'string' || name === '') misuse('systemPrompt.section: name must be a non-empty string')
    if (typeof options !== 'object' || options === null)
      misuse(`systemPrompt.section("${name}"): options { order, render } are required`)
    const { order, render } = options
    if (typeof order !== 'number' || !Number.isFinite(order))
      misuse(`systemPrompt.section("${name}"): order must be a finite number`)
    if (typeof render !== 'function')
      misuse(`systemPrompt.section("${name}"): render must be a function (scope) => string`)
    const entry: SectionEntry = { name, order, render: render.bind(options), protected: options.protected === true }
    const scope = scopeOf(this.ctx)
    return this.ctx.effect(
      () => {
        const layer = scope === undefined ? this.global : this.layer(scope)
        if (layer.has(name)) {
          this.dropEmpty(scope)
          misuse(
            `systemPrompt.section: "${name}" is already registered in this ${scope === undefined ? 'global layer' : 'scope'}; dispose the existing one first`,
          )
        }
        if (scope !== undefined && this.global.get(name)?.protected === true) {
          this.dropEmpty(scope)
          misuse(
            `systemPrompt.section: "${name}" is a protected global section and cannot be shadowed in an agent scope; pick another name`,
          )
        }
        layer.set(name, entry)
        return () => {
          if (layer.get(name) === entry) layer.delete(name)
          this.dropEmpty(scope)
        }
      },
      `systemPrompt.section(${JSON.stringify(name)})`,
    )
  }

  /** Contribute wire tool schemas for each assembly of the caller's layer (global or one scope). */
  tools(provider: ToolProvider, options: ToolProviderOptions = {}): () => Promise<void> {
    if (typeof provider !== 'function')
      misuse('systemPrompt.tools: provider must be a function (scope) => ToolSchema[]')
    if (options.knownNames !== undefined && typeof options.knownNames !== 'function') {
      misuse('systemPrompt.tools: knownNames must be a function (scope) => string[] when present')
    }
    const entry: ProviderEntry = { scope: scopeOf(this.ctx), provide: provider, options: { ...options } }
    return this.ctx.effect(() => {
      this.providers.add(entry)
      return () => void this.providers.delete(entry)
    }, 'systemPrompt.tools()')
  }

  /** Assemble the system text and wire tools as `scope` sees them (deterministic). */
  async assemble(scope?: ScopeKey): Promise<PromptAssembly> {
    const entries = this.resolve(scope)
    const sections = await Promise.all(entries.map((entry) => renderSection(entry, scope)))
    const providers = [...this.providers].filter((p) => p.scope === undefined || p.scope === scope)
    const contributed = await Promise.all(providers.map((p) => contribute(p, scope)))
    const tools = contributed.flat()
    const names = new Set<string>()
    for (const tool of tools) {
      if (names.has(tool.name))
        throw new HarnessError(
          `systemPrompt: two tool providers contribute "${tool.name}"; each wire tool needs one owner`,
          'INVALID_ASSEMBLY',
        )
      names.add(tool.name)
    }
    this.checkToolOrder(names, providers, scope)
    const base: PromptDraft = { sections, tools }
    const draft = await this.ctx.waterfall(
      scopeTarget(scope),
      'system-prompt/assemble',
      scope,
      async (): Promise<PromptDraft> => ({
        sections: base.sections.map((x) => ({ ...x })),
        tools: base.tools.map(copyTool),
      }),
    )
    const checked = checkDraft(draft, 'system-prompt/assemble')
    const pinnedSections = sections.filter((_, i) => entries[i]?.protected === true)
    const pinnedTools = providers.flatMap((p, i) => (p.options.protected === true ? (contributed[i] ?? []) : []))
    return finish(reapply(checked, pinnedSections, pinnedTools), this.toolOrder)
  }

  private checkToolOrder(names: Set<string>, providers: ProviderEntry[], scope: ScopeKey | undefined): void {
    const known = new Set(names)
    for (const p of providers) {
      const extra: unknown = p.options.knownNames?.(scope) ?? []
      if (!Array.isArray(extra))
        throw new HarnessError(
          "systemPrompt: a provider's knownNames must return an array of tool names",
          'INVALID_ASSEMBLY',
        )
      for (const name of extra) known.add(String(name))
    }
    const missing = this.toolOrder.filter((name) => !known.has(name))
    if (missing.length === 0) return
    throw new HarnessError(
      `systemPrompt.toolOrder lists ${missing.length === 1 ? 'a tool' : 'tools'} no provider contributes: ${missing.map((n) => `"${n}"`).join(', ')}` +
        ` (contributed: ${
          [...known]
            .toSorted()
            .map((n) => `"${n}"`)
            .join(', ') || '(none)'
        }); remove ${missing.length === 1 ? 'it' : 'them'} from toolOrder or register the tool`,
      'INVALID_TOOL_ORDER',
    )
  }

  private resolve(scope: ScopeKey | undefined): SectionEntry[] {
    const merged = new Map(this.global)
    for (const [name, entry] of (scope === undefined ? undefined : this.scoped.get(scope)) ?? []) {
      // why: a protected global section wins even over a shadow registered before it existed.
      if (merged.get(name)?.protected !== true) merged.set(name, entry)
    }
    return [...merged.values()]
  }

  private layer(scope: ScopeKey): Map<string, SectionEntry> {
    let layer = this.scoped.get(scope)
    if (layer === undefined) this.scoped.set(scope, (layer = new Map()))
    return layer
  }

  private dropEmpty(scope: ScopeKey | undefined): void {
    if (scope !== undefined && this.scoped.get(scope)?.size === 0) this.scoped.delete(scope)
  }
}

async function renderSection(entry: SectionEntry, scope: ScopeKey | undefined): Promise<PromptSection> {
  const text: unknown = await entry.render(scope)
  if (typeof text !== 'string') {
    throw new HarnessError(
      `systemPrompt: section "${entry.name}" rendered ${typeof text}; render must return a string ('' to omit it)`,
      'INVALID_ASSEMBLY',
    )
  }
  return { name: entry.name, order: entry.order, text }
}

async function contribute(entry: ProviderEntry, scope: ScopeKey | undefined): Promise<ToolSchema[]> {
  const tools: unknown = await entry.provide(scope)
  if (!Array.isArray(tools))
    throw new HarnessError('systemPrompt: a tool provider must return an array of tool schemas', 'INVALID_ASSEMBLY')
  return tools.map((tool, i) => checkToolSchema(tool, `tool provider result [${i}]`))
}
