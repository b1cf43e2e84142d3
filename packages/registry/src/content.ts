import type { JsonObject } from '@isocode/harness'

// why: its own bottom file so types.ts and presentation/views.ts both import it without a circle.
/** Model-facing content: MCP-compatible blocks. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: JsonObject }
  | { type: 'resource_link'; uri: string; name: string; description?: string; mimeType?: string }
