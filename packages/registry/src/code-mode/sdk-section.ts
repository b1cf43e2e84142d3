import { renderToolsSection, type ToolSchema as SdkTool } from '@isocode/sdk-codegen'
import type { ToolDefinition } from '../types.ts'

/** Name and order of the Code Mode SDK prompt section. */
export const SDK_SECTION = 'tools:sdk'
export const SDK_SECTION_ORDER = 150

/** What sdk-codegen reads of a definition: wire fields plus the group the compact section lists it under. */
export function sdkTools(tools: readonly ToolDefinition[]): SdkTool[] {
  return tools.map((def) => ({
    name: def.name,
    parameters: def.parameters,
    ...(def.description === undefined ? {} : { description: def.description }),
    ...(def.outputSchema === undefined ? {} : { outputSchema: def.outputSchema }),
    ...(def.group === undefined ? {} : { group: def.group }),
  }))
}

/**
 * The tools:sdk text for a scope's visible end tools: sdk-codegen's deterministic full declaration
 * while it fits `budgetBytes`, else the compact section with the discovery members.
 */
export function renderSdkSection(tools: readonly ToolDefinition[], budgetBytes: number): string {
  return renderToolsSection(sdkTools(tools), budgetBytes).text
}
