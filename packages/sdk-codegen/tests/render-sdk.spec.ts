import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CodegenError, renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'
import { SDK_INSTRUCTIONS } from '../src/instructions.ts'
import { toolMemberNames, typecheck } from './helpers.ts'

const object = (properties: Record<string, unknown>, required: string[] = []): unknown => ({
  type: 'object',
  properties,
  required,
})
const nodeRefSchema = (): object => ({
  ...(object({ n: { $ref: '#/$defs/Node' } }) as object),
  $defs: { Node: { type: 'string' } },
})

/** The names every top-level statement declares, as the TypeScript parser sees them. */
function topLevelNames(text: string): string[] {
  const file = ts.createSourceFile('sdk.d.ts', text, ts.ScriptTarget.ES2022, true)
  return file.statements.flatMap((s) => {
    if (ts.isVariableStatement(s)) return s.declarationList.declarations.map((d) => d.name.getText(file))
    if (ts.isClassDeclaration(s) || ts.isTypeAliasDeclaration(s)) return [s.name?.text ?? '<anonymous>']
    return [ts.SyntaxKind[s.kind]]
  })
}

describe('renderToolsSdk', () => {
  it('renders the error class, sorted members with JSDoc, and one trailing newline', () => {
    const tools: ToolSchema[] = [
      { name: 'write', description: 'Write a file.', parameters: object({ path: { type: 'string' } }, ['path']) },
      { name: 'read-all', parameters: object({}) },
    ]
    expect(renderToolsSdk(tools, { instructions: false })).toBe(
      [
        'declare class ToolCallError extends Error { readonly tool: string; readonly code?: string }',
        '',
        'declare const tools: {',
        '  "read-all": (args: {}) => Promise<string>;',
        '  /** Write a file. */',
        '  write: (args: { path: string }) => Promise<string>;',
        '};',
        '',
      ].join('\n'),
    )
  })

  it('starts with the usage instructions by default', () => {
    const sdk = renderToolsSdk([])
    expect(sdk.startsWith(`${SDK_INSTRUCTIONS}\n`)).toBe(true)
    expect(sdk.endsWith('declare const tools: {};\n')).toBe(true)
  })

  it.each([
    ['the program is the body of an async function', 'async function body: top-level `await`, `return` the result'],
    ['direct calls', '`await tools.name(args)` with one arguments object'],
    ['quoted access', '`tools["my-tool"](args)`'],
    ['erasable TypeScript only', 'erasable TypeScript only (no enum, namespace, parameter properties)'],
    ['calls start in call order', 'Calls start in call order, even under Promise.all.'],
    ['sandbox globals', 'Sandbox globals: console, `tools`, ToolCallError, setTimeout/clearTimeout'],
    ['catchable failures', 'A failed call rejects with a ToolCallError; catch it to go on.'],
    ['only output comes back', 'Only console.log output and the return value come back'],
  ])('instructions say: %s', (_topic, phrase) => {
    expect(SDK_INSTRUCTIONS).toContain(phrase)
  })

  it('sorts by UTF-16 code units, not by locale', () => {
    const names = ['é', 'b', 'Z', '\uFFFD', '😀', '_', 'a']
    const sdk = renderToolsSdk(names.map((name) => ({ name, parameters: {} })))
    expect(toolMemberNames(sdk)).toEqual(['Z', '_', 'a', 'b', 'é', '😀', '\uFFFD'])
  })

  it('places named aliases for $refs before the tools declaration', () => {
    const parameters = {
      ...(object({ node: { $ref: '#/$defs/Node' } }) as object),
      $defs: { Node: { type: 'string', description: 'A node.' } },
    }
    const sdk = renderToolsSdk([{ name: 'get_node', parameters }], { instructions: false })
    expect(sdk).toContain('/** A node. */\ntype GetNode_Node = string;\n\ndeclare const tools: {\n')
    expect(sdk).toContain('  get_node: (args: { node?: GetNode_Node }) => Promise<string>;\n')
  })

  it('keeps schema problems out of the exception path', () => {
    const tools = [
      { name: 'a', parameters: 'garbage' },
      { name: 'b', parameters: null },
      { name: 'c', parameters: { type: 9 } },
    ]
    expect(renderToolsSdk(tools, { instructions: false })).toContain(
      '  a: (args: unknown) => Promise<string>;\n  b: (args: unknown) => Promise<string>;\n  c: (args: unknown) => Promise<string>;\n',
    )
  })

  it('types the result with the outputSchema, and keeps text without one', () => {
    const tools: ToolSchema[] = [
      {
        name: 'sum',
        parameters: {},
        outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
      },
      { name: 'text', parameters: {} },
    ]
    const sdk = renderToolsSdk(tools, { instructions: false })
    expect(sdk).toContain('  sum: (args: unknown) => Promise<{ total: number }>;\n')
    expect(sdk).toContain('  text: (args: unknown) => Promise<string>;\n')
  })

  it('names output $ref aliases apart from the argument aliases', () => {
    // why: two separate documents, as a server's inputSchema and outputSchema arrive.
    const tools: ToolSchema[] = [{ name: 'get', parameters: nodeRefSchema(), outputSchema: nodeRefSchema() }]
    const sdk = renderToolsSdk(tools, { instructions: false })
    expect(sdk).toContain('type Get_Node = string;\ntype GetOutput_Node = string;\n')
    expect(typecheck({ 'typed.d.ts': sdk })).toEqual([])
  })

  it('keeps hostile names and descriptions inside their member', () => {
    const tools: ToolSchema[] = [
      { name: '*/ declare const a: 1; /*', description: '*/ declare const b: 2; /*', parameters: {} },
      { name: '}; declare const c: 3; {', description: '\n}; declare const d: 4;\u2028{', parameters: {} },
      {
        name: '`${x}`',
        description: '`${process.exit()}`',
        parameters: object({ '*/k': { description: '*/ declare const e: 5;' } }),
      },
    ]
    const sdk = renderToolsSdk(tools)
    expect(topLevelNames(sdk)).toEqual(['ToolCallError', 'tools'])
    expect(toolMemberNames(sdk)).toEqual(['*/ declare const a: 1; /*', '`${x}`', '}; declare const c: 3; {'])
    expect(typecheck({ 'hostile.d.ts': sdk })).toEqual([])
  })

  it('throws DUPLICATE_TOOL_NAME naming the tool and its position', () => {
    const tools = [
      { name: 'x', parameters: {} },
      { name: 'y', parameters: {} },
      { name: 'x', parameters: {} },
    ]
    const error = catchError(() => renderToolsSdk(tools))
    expect(error).toMatchObject({ code: 'DUPLICATE_TOOL_NAME', toolName: 'x', index: 2 })
    expect(error.message).toContain('tools[2].name "x" is already used')
  })

  it.each([
    ['an empty name', { name: '', parameters: {} }, 'tools[0].name is ""'],
    ['a numeric name', { name: 7, parameters: {} }, 'tools[0].name is 7'],
    ['a missing name', { parameters: {} }, 'tools[0].name is undefined'],
    ['a non-object entry', null, 'tools[0].name is undefined'],
  ])('throws INVALID_TOOL_NAME for %s', (_case, tool, message) => {
    const error = catchError(() => renderToolsSdk([tool] as unknown as ToolSchema[]))
    expect(error).toMatchObject({ code: 'INVALID_TOOL_NAME', index: 0 })
    expect(error.message).toContain(message)
    expect(error.message).toContain('give every tool a non-empty string `name`')
  })

  it('throws INVALID_TOOL_LIST for a non-array', () => {
    const error = catchError(() => renderToolsSdk({} as unknown as ToolSchema[]))
    expect(error).toMatchObject({ code: 'INVALID_TOOL_LIST', name: 'CodegenError' })
  })
})

function catchError(run: () => unknown): CodegenError {
  try {
    run()
  } catch (error) {
    if (error instanceof CodegenError) return error
    throw error
  }
  throw new Error('expected a CodegenError, nothing was thrown')
}
