// renderToolsSdk at 10, 100 and 500 tools (goal: 500 tools ≤ 10 ms median), plus the prompt
// bytes of the rendered SDK against JSON.stringify of the same schemas for each MCP fixture.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'
import { createBench, type SuiteFactory } from './lib/suite.ts'

const toolsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'tools')
const load = (name: string): ToolSchema[] =>
  JSON.parse(readFileSync(join(toolsDir, `${name}.json`), 'utf8')) as ToolSchema[]

const MCP_FIXTURES = ['mcp-everything', 'mcp-filesystem', 'mcp-memory'] as const

/** What the model would read natively: each tool's name, description and input schema as JSON. */
function jsonBytes(tools: readonly ToolSchema[]): number {
  const native = tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))
  return Buffer.byteLength(JSON.stringify(native))
}

const factory: SuiteFactory = () => {
  const all = load('tools-500')
  const bench = createBench()
  for (const count of [10, 100, 500]) {
    const tools = all.slice(0, count)
    bench.add(`renderToolsSdk ${count} tools`, () => {
      renderToolsSdk(tools)
    })
  }
  return {
    bench,
    metrics: () => {
      const metrics: Record<string, number> = {}
      for (const name of MCP_FIXTURES) {
        const tools = load(name)
        metrics[`sdk_bytes_${name}`] = Buffer.byteLength(renderToolsSdk(tools))
        metrics[`sdk_bytes_no_instructions_${name}`] = Buffer.byteLength(renderToolsSdk(tools, { instructions: false }))
        metrics[`json_bytes_${name}`] = jsonBytes(tools)
      }
      return metrics
    },
  }
}

export default factory
