// The example programs in fixtures/programs are run_code bodies; here each one is wrapped in an
// async function and type-checked against the SDK it is meant for, so the examples stay honest.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { workspaceTools } from '@isocode/cli'
import { renderToolsSdk } from '@isocode/sdk-codegen'
import type { ToolSchema } from '@isocode/sdk-codegen'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures')
const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  types: [],
}

function typecheck(sdk: string, program: string): string[] {
  const body = readFileSync(join(fixtures, 'programs', program), 'utf8').replace(/^\/\/ @ts-nocheck.*$/m, '')
  const files: Record<string, string> = {
    'sdk.d.ts': `${sdk}\ndeclare const console: { log(...values: unknown[]): void };\n`,
    'program.ts': `export async function program(): Promise<unknown> {\n${body}\n}\n`,
  }
  const host = ts.createCompilerHost(options)
  const base = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version) =>
    name in files ? ts.createSourceFile(name, files[name] as string, version, true) : base(name, version)
  const checked = ts.createProgram(Object.keys(files), options, host)
  return ts
    .getPreEmitDiagnostics(checked)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}

describe('fixtures/programs', () => {
  it.each(['workspace-summary.ts', 'why-comments.ts'])('%s type-checks against the workspace SDK', async (program) => {
    expect(typecheck(renderToolsSdk(await workspaceTools(fixtures)), program)).toEqual([])
  })

  it('memory-graph.ts type-checks against the server-memory SDK (typed returns)', () => {
    const tools = JSON.parse(readFileSync(join(fixtures, 'tools', 'mcp-memory.json'), 'utf8')) as ToolSchema[]
    expect(typecheck(renderToolsSdk(tools), 'memory-graph.ts')).toEqual([])
  })

  it('a wrong use of a typed result is caught, so the check is live', () => {
    const tools = JSON.parse(readFileSync(join(fixtures, 'tools', 'mcp-memory.json'), 'utf8')) as ToolSchema[]
    const sdk = renderToolsSdk(tools.map((tool) => ({ ...tool, outputSchema: undefined })))
    expect(typecheck(sdk, 'memory-graph.ts').join('\n')).toContain(
      "Property 'entities' does not exist on type 'string'",
    )
  })
})
