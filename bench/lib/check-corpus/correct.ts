// The correct corpus of the check: the example programs in fixtures/programs, every program the
// eval's Code Mode scripts send, programs written in the idioms models use, and one call of every
// tool of each fixture set with its required (or all) arguments. The check must block none.
import { readFileSync } from 'node:fs'
import { workspaceTools } from '@isocode/cli'
import { renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'
import ts from 'typescript'
import { fortyLineProgram, IDIOMS } from './idioms.ts'
import { valueFor } from './values.ts'

/** One program of a corpus and the tools:sdk text it is checked against. */
export interface CorpusProgram {
  readonly id: string
  readonly code: string
  readonly sdk: string
}

const root = new URL('../../../', import.meta.url)
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8')

/** The tool set `fixtures/tools/<name>.json`. */
export const toolSet = (name: string): ToolSchema[] => JSON.parse(read(`fixtures/tools/${name}.json`)) as ToolSchema[]

/** How a program reaches tool `name`. */
export const accessor = (name: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`

/** The one-call program of `tool`: its arguments (required only, or all), the result printed and returned. */
export function callProgram(tool: ToolSchema, all: boolean): string {
  const args = valueFor(tool.parameters, tool.parameters, all)
  return `const result = await tools${accessor(tool.name)}(${args})\nconsole.log(JSON.stringify(result))\nreturn result\n`
}

// why: the eval scripts write programs as indented template literals; the model sends them flush.
function dedent(code: string): string {
  const lines = code
    .replace(/^\n/, '')
    .replace(/\n\s*$/, '')
    .split('\n')
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0))
  return lines.map((line) => line.slice(indent)).join('\n')
}

/** The programs an eval task file sends (`program(description, code)`), interpolations as `[]`. */
export function evalPrograms(file: string): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.ESNext, true)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'program') {
      const body = node.arguments[1]
      if (body !== undefined && ts.isNoSubstitutionTemplateLiteral(body)) found.push(dedent(body.text))
      // why: the interpolations are JSON arrays the script computed; `[]` keeps the program's types.
      if (body !== undefined && ts.isTemplateExpression(body))
        found.push(dedent(body.head.text + body.templateSpans.map((span) => `[]${span.literal.text}`).join('')))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const EVAL_SETS = {
  filesystem: 'mcp-filesystem',
  memory: 'mcp-memory',
  everything: 'mcp-everything',
  tools500: 'tools-500',
}
/** The fixture sets whose every tool gets generated programs (tools-500 once a tool, the others twice). */
export const GENERATED_SETS = [
  'filesystem',
  'mcp-filesystem',
  'mcp-memory',
  'mcp-everything',
  'constructs',
  'exotic-names',
]

const example = (name: string): string => read(`fixtures/programs/${name}`).replace(/^\/\/ @ts-nocheck.*$/m, '')

/** Every program of the correct corpus with its SDK. */
export async function correctCorpus(): Promise<CorpusProgram[]> {
  const programs: CorpusProgram[] = []
  const workspace = renderToolsSdk(await workspaceTools(new URL('fixtures', root).pathname))
  programs.push({ id: 'fixtures/programs/workspace-summary.ts', code: example('workspace-summary.ts'), sdk: workspace })
  programs.push({ id: 'fixtures/programs/why-comments.ts', code: example('why-comments.ts'), sdk: workspace })
  const memory = renderToolsSdk(toolSet('mcp-memory'))
  programs.push({ id: 'fixtures/programs/memory-graph.ts', code: example('memory-graph.ts'), sdk: memory })
  for (const [task, set] of Object.entries(EVAL_SETS)) {
    const sdk = renderToolsSdk(toolSet(set))
    evalPrograms(`eval/tasks/${task}.ts`).forEach((code, i) =>
      programs.push({ id: `eval/${task}#${i + 1}`, code, sdk }),
    )
  }
  const filesystem = renderToolsSdk(toolSet('filesystem'))
  IDIOMS.forEach((code, i) => programs.push({ id: `idiom#${i + 1}`, code, sdk: filesystem }))
  const fifty = toolSet('tools-500').slice(0, 50)
  programs.push({ id: 'forty-lines', code: fortyLineProgram(fifty), sdk: renderToolsSdk(fifty) })
  for (const set of GENERATED_SETS) {
    const tools = toolSet(set)
    const sdk = renderToolsSdk(tools)
    for (const tool of tools) {
      programs.push({ id: `${set}/${tool.name}/required`, code: callProgram(tool, false), sdk })
      programs.push({ id: `${set}/${tool.name}/all`, code: callProgram(tool, true), sdk })
    }
  }
  const many = toolSet('tools-500')
  const sdk500 = renderToolsSdk(many)
  many.forEach((tool, i) =>
    programs.push({ id: `tools-500/${tool.name}`, code: callProgram(tool, i % 2 === 1), sdk: sdk500 }),
  )
  return programs
}
