// The broken corpus of the check: correct programs with one mistake each, of the kinds models
// make — a misspelled tool, a required argument left out, a misspelled argument, a syntax error.
// Each records the error class the check must report and, where it is fixed, the line.
import { renderToolsSdk, type ToolSchema } from '@isocode/sdk-codegen'
import { accessor, type CorpusProgram, evalPrograms, toolSet } from './correct.ts'
import { valueFor } from './values.ts'

/** A broken program and the proven error it holds. */
export interface BrokenProgram extends CorpusProgram {
  readonly expected: 'syntax' | 'unknown-member' | 'missing-argument' | 'unknown-property'
  /** The line the error must be reported on (absent for syntax errors, which parsers place differently). */
  readonly line?: number
}

/** `name` with one typo (two letters swapped, or one dropped) that no tool of `names` has. */
export function misspell(name: string, names: ReadonlySet<string>, seed: number): string | undefined {
  const candidates: string[] = []
  for (let i = 1; i < name.length - 1; i++) {
    candidates.push(name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2))
    candidates.push(name.slice(0, i) + name.slice(i + 1))
  }
  const fresh = candidates.filter((c) => c !== name && !names.has(c) && c !== '')
  return fresh[seed % Math.max(1, fresh.length)]
}

type Schema = { properties?: Record<string, unknown>; required?: string[] }

function withArgs(tool: ToolSchema, args: string): string {
  return `const result = await tools${accessor(tool.name)}(${args})\nconsole.log(JSON.stringify(result))\nreturn result\n`
}

/** The four mutations of one tool's call, where the tool allows them. */
function mutations(tool: ToolSchema, names: ReadonlySet<string>, sdk: string, seed: number): BrokenProgram[] {
  const out: BrokenProgram[] = []
  const id = (kind: string): string => `${tool.name}/${kind}`
  const schema = tool.parameters as Schema
  const args = valueFor(schema, schema, false)
  const wrong = misspell(tool.name, names, seed)
  if (wrong !== undefined)
    out.push({
      id: id('tool'),
      sdk,
      expected: 'unknown-member',
      line: 1,
      code: withArgs({ ...tool, name: wrong }, args),
    })
  const required = (schema.required ?? []).filter((name) => /^[A-Za-z_]\w*$/.test(name))
  const dropped = required[seed % Math.max(1, required.length)]
  if (dropped !== undefined) {
    const rest = { ...schema, required: required.filter((name) => name !== dropped) }
    const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => k !== dropped))
    const fewer = valueFor({ ...rest, properties }, schema, false)
    out.push({ id: id('missing'), sdk, expected: 'missing-argument', line: 1, code: withArgs(tool, fewer) })
  }
  const keys = Object.keys(schema.properties ?? {}).filter((name) => /^[A-Za-z_]\w{2,}$/.test(name))
  const key = keys[seed % Math.max(1, keys.length)]
  const typo = key === undefined ? undefined : misspell(key, new Set(keys), seed)
  if (key !== undefined && typo !== undefined) {
    const all = valueFor(schema, schema, true)
    const bad = all.replace(new RegExp(`([{,] )${key}:`), `$1${typo}:`)
    if (bad !== all)
      out.push({ id: id('argument'), sdk, expected: 'unknown-property', line: 1, code: withArgs(tool, bad) })
  }
  // why: an unclosed call, a stray keyword and an unclosed object: the three shapes models produce.
  const syntax = [
    withArgs(tool, args).replace(')\n', '\n'),
    `const = 1\n${withArgs(tool, args)}`,
    withArgs(tool, args.endsWith('}') ? args.slice(0, -1) : `${args} }`),
  ][seed % 3]
  if (syntax !== undefined) out.push({ id: id('syntax'), sdk, expected: 'syntax', code: syntax })
  return out
}

/** Every program of the broken corpus with its SDK and the error it must be blocked for. */
export function brokenCorpus(): BrokenProgram[] {
  const programs: BrokenProgram[] = []
  for (const [set, count] of [
    ['tools-500', 60],
    ['mcp-filesystem', 14],
    ['mcp-memory', 9],
    ['filesystem', 7],
  ] as const) {
    const tools = toolSet(set).slice(0, count)
    const all = toolSet(set)
    const sdk = renderToolsSdk(all)
    const names = new Set(all.map((tool) => tool.name))
    tools.forEach((tool, i) =>
      programs.push(...mutations(tool, names, sdk, i).map((p) => ({ ...p, id: `${set}/${p.id}` }))),
    )
  }
  // why: the eval's real programs, each with the first tool it calls misspelled.
  for (const [task, set] of [
    ['filesystem', 'mcp-filesystem'],
    ['memory', 'mcp-memory'],
  ] as const) {
    const tools = toolSet(set)
    const names = new Set(tools.map((tool) => tool.name))
    const sdk = renderToolsSdk(tools)
    evalPrograms(`eval/tasks/${task}.ts`).forEach((code, i) => {
      const match = /tools\.([A-Za-z_]\w*)\(/.exec(code)
      const wrong = match?.[1] === undefined ? undefined : misspell(match[1], names, i)
      if (match === null || wrong === undefined) return
      const line = code.slice(0, match.index).split('\n').length
      const mutated = code.slice(0, match.index) + `tools.${wrong}(` + code.slice(match.index + match[0].length)
      programs.push({ id: `eval/${task}#${i + 1}/tool`, sdk, expected: 'unknown-member', line, code: mutated })
    })
  }
  return programs
}
