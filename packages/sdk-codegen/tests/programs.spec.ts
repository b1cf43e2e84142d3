// The `state` and `programs` declarations: one member per saved program, by name, with its
// description, typed input and output, a stale note when it cannot run; nothing without programs.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { renderProgramDeclaration, renderProgramsSdk, STATE_SDK } from '../src/index.ts'

const goldenDir = fileURLToPath(new URL('./__golden__/programs', import.meta.url))

describe('saved program declarations', () => {
  it('renders state and the programs, sorted by name, as a golden file', async () => {
    const text =
      STATE_SDK +
      renderProgramsSdk([
        {
          name: 'weeklyReport',
          description: 'Sums one week.',
          inputSchema: { type: 'object', properties: { week: { type: 'integer' } }, required: ['week'] },
          output: '{ total: number; }',
        },
        {
          name: 'cleanup',
          description: 'Removes old rows.',
          output: 'unknown',
          stale: 'tools.delete_rows changed; calling it fails',
        },
      ])
    await expect(text).toMatchFileSnapshot(join(goldenDir, 'state-and-programs.d.ts'))
  })

  it('renders nothing for no programs, and one member alone for $describe', () => {
    expect(renderProgramsSdk([])).toBe('')
    expect(renderProgramDeclaration({ name: 'p', description: 'Does p.', output: 'string[]' })).toBe(
      '/** Does p. */\np(input?: unknown): Promise<string[]>;\n',
    )
  })
})
