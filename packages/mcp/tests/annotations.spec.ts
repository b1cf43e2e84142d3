// an MCP tool's boolean annotations (readOnlyHint, destructiveHint, idempotentHint) are kept
// on its registered definition, where durable runs and approval flags read them; a tool without
// annotations gets none, and nothing else of them is copied.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { McpClient } from '@isocode/mcp'
import { expect, it } from 'vitest'
import { boot, nodeServer } from './helpers.ts'

const here = dirname(fileURLToPath(import.meta.url))

it('keeps the hints of tools/list annotations on the registered definitions', async () => {
  const app = await boot()
  try {
    await app.root.plugin(McpClient, nodeServer('hinted', join(here, 'fixtures', 'hinted-server.mjs')))
    expect(app.root.tools.get('lookup')?.annotations).toEqual({ readOnlyHint: true, idempotentHint: true })
    expect(app.root.tools.get('remove')?.annotations).toEqual({ destructiveHint: true, idempotentHint: false })
    expect(app.root.tools.get('charge')?.annotations).toBeUndefined()
    // why: hints are the server author's word, never part of what the model sees.
    const { tools } = await app.root.systemPrompt.assemble()
    expect(JSON.stringify(tools)).not.toContain('destructiveHint')
  } finally {
    await app.dispose()
  }
})

it('refuses annotations that are not boolean hints at registration, naming the field', async () => {
  const app = await boot()
  try {
    const base = { name: 'x', parameters: { type: 'object' }, execute: async () => [] }
    expect(() => app.root.tools.register({ ...base, annotations: { destructiveHint: 'yes' } } as never)).toThrow(
      /annotations\.destructiveHint must be true or false/,
    )
    expect(() => app.root.tools.register({ ...base, annotations: { openWorldHint: true } } as never)).toThrow(
      /annotations\.openWorldHint is unknown/,
    )
    expect(app.root.tools.get('x')).toBeUndefined()
  } finally {
    await app.dispose()
  }
})
