// How a saved program runs inside the program that calls it: no second isolate, no second
// run. Each `programs.name` of a saved program in the source becomes `programs$name` (the same
// length, so every line and column the run reports stays the model's), and the saved program's
// code is appended as the hoisted `async function programs$name(input)`. Its calls are calls of
// the calling run: one budget, one call log, one durable record.
import { PROGRAMS_GLOBAL } from '@isocode/sdk-codegen'
import type ts from 'typescript'
import { compiler } from './compiler.ts'

// why: the bridge's global, named here: bridge.ts reaches this file through discovery.ts and the
// library, so importing it would make a cycle.
const TOOLS_GLOBAL_NAME = 'tools'

/** The member of the `programs` binding each linked program awaits first: staleness and input checks. */
export const ENTER_MEMBER = '$enter'

const HEAD = 'async function __isocode_program__() {\n'

interface References {
  /** Each `programs.name`: the name and the offset of its dot, when the dot is all between them. */
  programs: Array<{ name: string; dot: number }>
  /** Every tool named by `tools.name` or `tools["name"]`. */
  tools: Set<string>
  /** The source declares a `programs` of its own (then nothing is rewritten). */
  shadows: boolean
}

const declares = (ts: typeof import('typescript'), node: ts.Identifier): boolean => {
  const parent = node.parent
  return (
    (ts.isVariableDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isFunctionExpression(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isClassExpression(parent) ||
      ts.isBindingElement(parent)) &&
    parent.name === node
  )
}

/** The saved programs and tools `code` (an async function body) names. */
export function references(code: string): References {
  const found: References = { programs: [], tools: new Set(), shadows: false }
  if (!code.includes(PROGRAMS_GLOBAL) && !code.includes(TOOLS_GLOBAL_NAME)) return found
  // why: the compiler loads here, the first time a program is parsed, never on import (RT-67).
  const ts = compiler()
  // why: parsed as the runtime runs it, the body of an async function (top-level await and return).
  const file = ts.createSourceFile('/program.ts', HEAD + code, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS)
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ts.isIdentifier(node.name)) {
      const owner = node.expression.text
      if (owner === TOOLS_GLOBAL_NAME) found.tools.add(node.name.text)
      else if (owner === PROGRAMS_GLOBAL && node.questionDotToken === undefined) {
        const dot = node.expression.end
        if (node.name.getStart(file) === dot + 1) found.programs.push({ name: node.name.text, dot: dot - HEAD.length })
      }
    } else if (
      ts.isElementAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === TOOLS_GLOBAL_NAME &&
      ts.isStringLiteralLike(node.argumentExpression)
    ) {
      found.tools.add(node.argumentExpression.text)
    } else if (ts.isIdentifier(node) && node.text === PROGRAMS_GLOBAL && declares(ts, node)) found.shadows = true
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** The guest name of saved program `name`: as long as `programs.name`. */
export const linkedName = (name: string): string => `${PROGRAMS_GLOBAL}$${name}`

/**
 * `code` with every saved program it calls (directly or through another saved program) linked
 * in; `linked` lists them. Code that names no saved program comes back unchanged.
 */
export function linkPrograms(code: string, saved: ReadonlyMap<string, string>): { code: string; linked: string[] } {
  const linked: string[] = []
  // why: with no saved program there is nothing to link, so the program is not parsed (nor the compiler loaded).
  if (saved.size === 0 || !code.includes(PROGRAMS_GLOBAL)) return { code, linked }
  const rewrite = (source: string): string => {
    const refs = references(source)
    if (refs.shadows) return source
    let out = source
    let changed = false
    for (const ref of refs.programs) {
      if (!saved.has(ref.name)) continue
      changed = true
      if (!linked.includes(ref.name)) linked.push(ref.name)
      out = `${out.slice(0, ref.dot)}$${out.slice(ref.dot + 1)}`
    }
    return changed ? out : source
  }
  let program = rewrite(code)
  for (let i = 0; i < linked.length; i++) {
    const name = linked[i] as string
    const body = rewrite(saved.get(name) as string)
    // why: the head on the line after the caller's last one, so no caller position moves; the
    // body starts on a line of its own, so a `//` comment ending the caller cannot swallow it.
    program += `\n;async function ${linkedName(name)}(input) { await ${PROGRAMS_GLOBAL}.${ENTER_MEMBER}(${JSON.stringify(name)}, input);\n${body}\n}`
  }
  return { code: program, linked }
}
