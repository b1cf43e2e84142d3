import { renderCompactSdk, renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'

/** A small tool set with required, optional, nested and typed-output tools. */
export const TOOLS: ToolSchema[] = [
  {
    name: 'read_file',
    description: 'Read a text file.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer' } },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'write_file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        options: {
          type: 'object',
          properties: { mode: { enum: ['overwrite', 'append'] }, backup: { type: 'boolean' } },
          required: ['mode'],
        },
      },
      required: ['path', 'content'],
    },
  },
  {
    name: 'list_files',
    parameters: { type: 'object', properties: { dir: { type: 'string' } } },
    outputSchema: {
      type: 'object',
      properties: { files: { type: 'array', items: { type: 'string' } } },
      required: ['files'],
    },
  },
  {
    name: 'my-tool',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  },
]

/** The full tools:sdk text of {@link TOOLS}. */
export const SDK = renderToolsSdk(TOOLS)

/** The compact tools:sdk text of {@link TOOLS} (no declarations, an index signature). */
export const COMPACT_SDK = renderCompactSdk(TOOLS)
