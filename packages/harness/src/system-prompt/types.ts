import type { ToolSchema as SharedToolSchema } from '@isocode/sdk-codegen'
import type { JsonObject } from '../json.ts'
import type { ScopedCarrier } from '../scope.ts'
import type { ScopeKey } from '../scope-key.ts'

/** A wire tool definition as the model sees it: sdk-codegen's shared ToolSchema with JSON objects. */
export type ToolSchema = SharedToolSchema<JsonObject>

/** A named prompt section, rendered lazily at each assembly for the assembling scope. */
export interface SectionOptions {
  /** Position key: lower first; ties are broken by name (code-unit order). */
  order: number
  /** The section text for `scope`; an empty string leaves the section out of that assembly. */
  render(scope: ScopeKey | undefined): string | Promise<string>
  /** Scoped sections cannot shadow it and assembly listeners cannot drop or change it. */
  protected?: boolean
}

/** Contributes wire tool schemas for the assembling scope. */
export type ToolProvider = (scope: ScopeKey | undefined) => ToolSchema[] | Promise<ToolSchema[]>

/** Options of `systemPrompt.tools()`. */
export interface ToolProviderOptions {
  /**
   * Extra names a `toolOrder` may mention without being contributed for this scope (e.g. tools a
   * restriction hides from one agent); defaults to none.
   */
  knownNames?(scope: ScopeKey | undefined): string[]
  /** Assembly listeners cannot drop or replace this provider's schemas (Code Mode's run_code). */
  protected?: boolean
}

/** One rendered section inside a draft. */
export interface PromptSection {
  name: string
  order: number
  text: string
}

/** What `system-prompt/assemble` listeners transform: rendered sections and wire tools. */
export interface PromptDraft {
  sections: PromptSection[]
  tools: ToolSchema[]
}

/** The assembled request header: the system text and the ordered wire tools. */
export interface PromptAssembly {
  system: string
  tools: ToolSchema[]
}

/** Config of the SystemPrompt plugin. */
export interface SystemPromptConfig {
  /** Tool names placed first, in this order; the rest follow in code-unit order. */
  toolOrder?: string[]
}

declare module 'cordis' {
  interface Events {
    /**
     * Around-assembly waterfall, scope-filtered: call `next()` for the draft, return a (possibly
     * transformed) draft. Protected sections and tools are re-applied afterwards.
     */
    'system-prompt/assemble'(
      this: ScopedCarrier,
      scope: ScopeKey | undefined,
      next: () => Promise<PromptDraft>,
    ): Promise<PromptDraft>
  }
}
