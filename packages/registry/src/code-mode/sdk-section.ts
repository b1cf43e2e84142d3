import { renderToolsSdk } from '@isocode/sdk-codegen'
import type { ToolDefinition } from '../types.ts'

/** Name and order of the Code Mode SDK prompt section. */
export const SDK_SECTION = 'tools:sdk'
export const SDK_SECTION_ORDER = 150

/**
 * The tools:sdk text for a scope's visible end tools: sdk-codegen's deterministic declaration
 * (code-unit order, byte-identical for an unchanged set).
 */
export function renderSdkSection(tools: readonly ToolDefinition[]): string {
  return renderToolsSdk(
    tools.map((def) => ({
      name: def.name,
      parameters: def.parameters,
      ...(def.description === undefined ? {} : { description: def.description }),
      ...(def.outputSchema === undefined ? {} : { outputSchema: def.outputSchema }),
    })),
  )
}
