// The tools:sdk section under a byte budget: the full declaration while it fits, else the compact one.
import { renderCompactSdk } from './compact.ts'
import { renderToolsSdk, type ToolSchema } from './render-sdk.ts'

/** The default byte budget of the tools:sdk section (16 KB, about 4k tokens). */
export const DEFAULT_SDK_BUDGET_BYTES = 16_384

/** A rendered tools:sdk section and which form it took. */
export interface ToolsSection {
  readonly text: string
  /** `full`: every declaration; `compact`: rules, groups and the discovery members. */
  readonly form: 'full' | 'compact'
}

const encoder = new TextEncoder()

/** The UTF-8 size of `text` in bytes. */
export function utf8Bytes(text: string): number {
  return encoder.encode(text).byteLength
}

/**
 * The tools:sdk section for `tools` under `budgetBytes`: {@link renderToolsSdk} byte for byte
 * when it fits, {@link renderCompactSdk} otherwise.
 */
export function renderToolsSection(
  tools: readonly ToolSchema[],
  budgetBytes: number = DEFAULT_SDK_BUDGET_BYTES,
): ToolsSection {
  const full = renderToolsSdk(tools)
  return utf8Bytes(full) <= budgetBytes
    ? { text: full, form: 'full' }
    : { text: renderCompactSdk(tools), form: 'compact' }
}
