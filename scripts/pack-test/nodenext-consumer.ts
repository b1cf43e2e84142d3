// Compiled by `pnpm test:pack` with module/moduleResolution nodenext and strict against the shipped
// `isocode` .d.ts, then run: one plain JSON Schema tool and one zod tool, default (process) isolation.
import { createCodeMode, IsocodeError } from 'isocode'
import type { CodeModeResult } from 'isocode'
import { messagesTool } from 'isocode/anthropic'
import { chatCompletionsTool, chatToolMessage } from 'isocode/openai'
import { z } from 'zod'

const cm = await createCodeMode({
  tools: {
    add: {
      description: 'Add two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: async ({ a, b }: { a: number; b: number }) => a + b,
    },
    greet: {
      description: 'Greet someone.',
      inputSchema: z.object({ name: z.string() }),
      execute: async ({ name }: { name: string }) => `hello ${name}`,
    },
  },
})
try {
  const result: CodeModeResult = await cm.run(
    'return { sum: await tools.add({ a: 2, b: 3 }), greeting: await tools.greet({ name: "NodeNext" }) }',
  )
  console.log(`value ${JSON.stringify(result.value)}`)
  const bad = await cm.run('return await tools.greet({ nam: "x" })')
  console.log(`bad call ${bad.error?.kind} at ${bad.error?.line}:${bad.error?.column}`)
  // The provider adapters that need no framework installed: their subpaths and .d.ts under NodeNext.
  const call = { id: 'call_1', type: 'function', function: { name: 'run_code', arguments: '{"code": "return 6 * 7"}' } }
  const message = await chatToolMessage(cm, call)
  console.log(
    `adapters ${chatCompletionsTool(cm).function.name} ${messagesTool(cm).name} ${message.role} ${message.content}`,
  )
} finally {
  await cm.close()
}
await cm
  .run('return 1')
  .catch((error: unknown) =>
    console.log(`after close: ${error instanceof IsocodeError ? error.code : 'not an IsocodeError'}`),
  )
