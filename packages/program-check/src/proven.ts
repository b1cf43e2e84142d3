// Which TypeScript diagnostics prove an error the run would hit anyway. Every other diagnostic is
// ignored: a strict gate (implicit any, possibly undefined, mismatches between unknown-typed
// results) would fail correct one-off programs. Each code below is taken only where a structural
// guard shows the runtime fails the same way; the codes and the reasons are listed in the README.
import { closestNames, DESCRIBE_MEMBER, SEARCH_MEMBER } from '@isocode/sdk-codegen'
import ts from 'typescript'
import { SDK_FILE } from './language-service.ts'
import type { CheckErrorClass } from './types.ts'

/** A proven error before positions are mapped: the offset in the wrapped file. */
export interface Finding {
  class: CheckErrorClass
  message: string
  start: number
  suggestion?: string
  tsCode: number
  /** The argument object literal a missing or unknown property belongs to (its start offset). */
  literal?: number
  /** The required properties a missing-argument finding names. */
  missing?: string[]
}

/** Property does not exist on type (2339), the same with a "did you mean" (2551). */
const NO_PROPERTY = new Set([2339, 2551])
/** A string literal cannot index the type under noImplicitAny (7053): `tools["x"]`. */
const NO_INDEX = 7053
/** Argument not assignable (2345), property missing (2741, 2739, 2740), excess property (2353, 2561). */
const ARGUMENT = new Set([2345, 2741, 2739, 2740, 2353, 2561])
/** Excess property in an object literal (2353), with a "did you mean" (2561). */
const EXCESS = new Set([2353, 2561])
/** Expected N arguments, but got M (2554). */
const ARITY = 2554
/** This expression is not callable (2349); a class called without `new` (2348). */
const NOT_CALLABLE = new Set([2349, 2348])

// why: the runtime adds the discovery members to every `tools`, also when the full SDK text does
// not declare them (registration refuses `$` names, so no tool shadows them).
const RUNTIME_MEMBERS = new Set([SEARCH_MEMBER, DESCRIBE_MEMBER])

const accessor = (name: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`

/** The innermost node whose span is exactly [start, end), or else the innermost one that covers it. */
function nodeAt(file: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= start && end <= node.getEnd()) {
      found = node
      ts.forEachChild(node, visit)
    }
  }
  ts.forEachChild(file, visit)
  return found
}

// why: a failing call inside `try { } catch` (at any depth), or one whose promise the program
// handles (`.catch`, `.then(_, onRejected)`, `Promise.allSettled`), does not fail the run: the
// program meant to survive it, so the check proves nothing there.
function handled(node: ts.Node): boolean {
  for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
    const parent = at.parent
    if (ts.isTryStatement(parent) && parent.tryBlock === at && parent.catchClause !== undefined) return true
    if (ts.isCallExpression(at) && handledPromise(at)) return true
  }
  return false
}

function handledPromise(call: ts.CallExpression): boolean {
  let outer: ts.Node = call.parent
  while (ts.isParenthesizedExpression(outer)) outer = outer.parent
  if (ts.isPropertyAccessExpression(outer) && outer.expression !== undefined && ts.isCallExpression(outer.parent)) {
    const method = outer.name.text
    if (method === 'catch' || (method === 'then' && outer.parent.arguments.length > 1)) return true
  }
  let holder: ts.Node = outer
  if (ts.isArrayLiteralExpression(holder)) holder = holder.parent
  return (
    ts.isCallExpression(holder) &&
    ts.isPropertyAccessExpression(holder.expression) &&
    holder.expression.name.text === 'allSettled'
  )
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) ? unwrap(node.expression) : node

/** Reads the program's syntax tree with the checker's types. */
export class ProvenErrors {
  constructor(
    private readonly file: ts.SourceFile,
    private readonly checker: ts.TypeChecker,
  ) {}

  /** The finding `diagnostic` proves, or undefined when it proves nothing the runtime would hit. */
  read(diagnostic: ts.Diagnostic): Finding | undefined {
    const { code, start, length } = diagnostic
    if (start === undefined || length === undefined) return undefined
    const node = nodeAt(this.file, start, start + length)
    if (node === undefined || handled(node)) return undefined
    if (NO_PROPERTY.has(code)) return this.unknownMember(node, code)
    if (code === NO_INDEX) return this.unknownIndexedMember(node, code)
    if (EXCESS.has(code)) return this.excessProperty(node, diagnostic)
    if (code === ARITY) return this.missingArguments(node, code)
    if (NOT_CALLABLE.has(code)) return this.notCallable(node, code)
    return undefined
  }

  /** Required properties an argument object literal of a tool call lacks, for a diagnostic in that call. */
  missingProperties(diagnostic: ts.Diagnostic): Finding[] {
    const { code, start, length } = diagnostic
    if (!ARGUMENT.has(code) || start === undefined || length === undefined) return []
    const node = nodeAt(this.file, start, start + length)
    const call = node === undefined || handled(node) ? undefined : this.enclosingToolCall(node)
    const arg = call?.arguments[0]
    if (call === undefined || arg === undefined || !ts.isObjectLiteralExpression(unwrap(arg))) return []
    const tool = this.toolName(call.expression)
    return this.missingIn(
      unwrap(arg) as ts.ObjectLiteralExpression,
      this.parameterType(call),
      `tools${accessor(tool ?? '')}`,
      code,
    )
  }

  private missingIn(
    literal: ts.ObjectLiteralExpression,
    type: ts.Type | undefined,
    path: string,
    code: number,
  ): Finding[] {
    if (type === undefined || type.isUnion() || !(type.flags & ts.TypeFlags.Object)) return []
    const keys = new Map<string, ts.ObjectLiteralElementLike>()
    for (const element of literal.properties) {
      // why: a spread or a computed key may supply any property: nothing is proven missing.
      if (ts.isSpreadAssignment(element)) return []
      const name = element.name
      if (name === undefined || ts.isComputedPropertyName(name)) return []
      if (
        ts.isIdentifier(name) ||
        ts.isStringLiteral(name) ||
        ts.isNumericLiteral(name) ||
        ts.isPrivateIdentifier(name)
      )
        keys.set(name.text, element)
    }
    const findings: Finding[] = []
    const missing: string[] = []
    for (const property of this.checker.getPropertiesOfType(type)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0
      const element = keys.get(property.name)
      if (element === undefined) {
        if (!optional) missing.push(property.name)
        continue
      }
      // why: nested object literals are checked against the declared shape of their property.
      if (ts.isPropertyAssignment(element) && ts.isObjectLiteralExpression(unwrap(element.initializer))) {
        const declared = this.checker.getNonNullableType(this.checker.getTypeOfSymbolAtLocation(property, literal))
        findings.push(
          ...this.missingIn(
            unwrap(element.initializer) as ts.ObjectLiteralExpression,
            declared,
            `${path}(…${property.name})`,
            code,
          ),
        )
      }
    }
    if (missing.length > 0) {
      const names = missing.map((name) => JSON.stringify(name)).join(', ')
      const noun = missing.length === 1 ? 'property' : 'properties'
      findings.unshift({
        class: 'missing-argument',
        message: `${path} is missing the required ${noun} ${names} of its arguments`,
        start: literal.getStart(this.file),
        tsCode: code,
        literal: literal.getStart(this.file),
        missing,
      })
    }
    return findings
  }

  // `tools.raed_file(...)`: the SDK declares no such member, and the runtime's `tools` has none.
  private unknownMember(node: ts.Node, code: number): Finding | undefined {
    const access = node.parent
    // why: `tools["x"]` gets 2551 at the string when a near name exists, 7053 otherwise.
    if (access !== undefined && ts.isElementAccessExpression(access) && access.argumentExpression === node)
      return this.unknownIndexedMember(node, code)
    if (
      !ts.isIdentifier(node) ||
      access === undefined ||
      !ts.isPropertyAccessExpression(access) ||
      access.name !== node
    )
      return undefined
    return this.unknownCalledMember(access, node.text, code, node.getStart(this.file))
  }

  // `tools["raed-file"](...)`.
  private unknownIndexedMember(node: ts.Node, code: number): Finding | undefined {
    let access: ts.Node | undefined = node
    while (access !== undefined && !ts.isElementAccessExpression(access)) access = access.parent
    if (access === undefined || !ts.isStringLiteralLike(access.argumentExpression)) return undefined
    return this.unknownCalledMember(
      access,
      access.argumentExpression.text,
      code,
      access.argumentExpression.getStart(this.file),
    )
  }

  private unknownCalledMember(
    access: ts.PropertyAccessExpression | ts.ElementAccessExpression,
    name: string,
    code: number,
    start: number,
  ): Finding | undefined {
    if (name === '' || RUNTIME_MEMBERS.has(name) || !this.isTools(access.expression)) return undefined
    // why: reading a missing member gives `undefined` and is no error; calling it is.
    const call = access.parent
    if (call === undefined || !ts.isCallExpression(call) || unwrap(call.expression) !== access) return undefined
    if (this.toolNames().includes(name)) return undefined
    const near = closestNames(name, this.toolNames(), 1)[0]
    return {
      class: 'unknown-member',
      message: `tools${accessor(name)} is not a function: the SDK has no tool ${JSON.stringify(name)}`,
      start,
      tsCode: code,
      ...(near === undefined ? {} : { suggestion: `tools${accessor(near)}` }),
    }
  }

  // `tools.read_file({ pth })`: a key the declared argument type does not have, in a tool call's argument.
  private excessProperty(node: ts.Node, diagnostic: ts.Diagnostic): Finding | undefined {
    const element = node.parent
    if (element === undefined || !ts.isObjectLiteralElementLike(element) || element.name !== node) return undefined
    const literal = element.parent
    if (!ts.isObjectLiteralExpression(literal) || !this.isToolArgument(literal)) return undefined
    const key = ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : undefined
    if (key === undefined) return undefined
    const contextual = this.checker.getContextualType(literal)
    const known =
      contextual === undefined
        ? []
        : this.checker.getPropertiesOfType(this.checker.getApparentType(contextual)).map((p) => p.name)
    const near = closestNames(key, known, 1)[0]
    return {
      class: 'unknown-property',
      message: `${JSON.stringify(key)} is not an argument property the SDK declares here`,
      start: node.getStart(this.file),
      tsCode: diagnostic.code,
      literal: literal.getStart(this.file),
      ...(near === undefined ? {} : { suggestion: near }),
    }
  }

  // `tools.read_file()`: no arguments object, and the tool has required properties.
  private missingArguments(node: ts.Node, code: number): Finding | undefined {
    const call = this.enclosingToolCall(node)
    if (call === undefined || call.arguments.length > 0) return undefined
    const type = this.parameterType(call)
    if (type === undefined) return undefined
    const required = this.checker
      .getPropertiesOfType(type)
      .filter((p) => (p.flags & ts.SymbolFlags.Optional) === 0)
      .map((p) => JSON.stringify(p.name))
    if (required.length === 0) return undefined
    const tool = this.toolName(call.expression) ?? ''
    return {
      class: 'missing-argument',
      message: `tools${accessor(tool)} needs an arguments object with ${required.join(', ')}`,
      start: call.getStart(this.file),
      tsCode: code,
    }
  }

  // `tools()`, `(await tools.read_file(...))()`, `ToolCallError('x')`: the SDK's own value is not a function.
  private notCallable(node: ts.Node, code: number): Finding | undefined {
    const call = node.parent
    if (call === undefined || !ts.isCallExpression(call) || call.expression !== node) return undefined
    if (!this.fromSdk(node as ts.Expression)) return undefined
    return {
      class: 'not-callable',
      message: `${node.getText(this.file)} is not a function`,
      start: node.getStart(this.file),
      tsCode: code,
    }
  }

  /** An expression whose value the SDK alone determines: `tools`, its members, their results. */
  private fromSdk(expression: ts.Expression): boolean {
    const node = unwrap(expression)
    if (ts.isIdentifier(node)) return this.declaredBySdk(node)
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) return this.fromSdk(node.expression)
    if (ts.isAwaitExpression(node) || ts.isCallExpression(node)) return this.fromSdk(node.expression)
    return false
  }

  private declaredBySdk(node: ts.Identifier): boolean {
    const symbol = this.checker.getSymbolAtLocation(node)
    return symbol?.declarations?.some((d) => d.getSourceFile().fileName === SDK_FILE) === true
  }

  private isTools(expression: ts.Expression): boolean {
    const node = unwrap(expression)
    return ts.isIdentifier(node) && node.text === 'tools' && this.declaredBySdk(node)
  }

  /** The name of the tool `callee` names (`tools.x`, `tools["x"]`), if it is one the SDK declares. */
  private toolName(callee: ts.Expression): string | undefined {
    const node = unwrap(callee)
    let name: string | undefined
    if (ts.isPropertyAccessExpression(node) && this.isTools(node.expression)) name = node.name.text
    else if (
      ts.isElementAccessExpression(node) &&
      this.isTools(node.expression) &&
      ts.isStringLiteralLike(node.argumentExpression)
    )
      name = node.argumentExpression.text
    return name !== undefined && this.toolNames().includes(name) ? name : undefined
  }

  private toolNamesCache: string[] | undefined
  private toolNames(): string[] {
    if (this.toolNamesCache === undefined) {
      const symbol = this.checker.getSymbolsInScope(this.file, ts.SymbolFlags.Variable).find((s) => s.name === 'tools')
      const sdk = symbol?.declarations?.some((d) => d.getSourceFile().fileName === SDK_FILE) === true
      this.toolNamesCache =
        symbol === undefined || !sdk
          ? []
          : this.checker.getPropertiesOfType(this.checker.getTypeOfSymbol(symbol)).map((p) => p.name)
    }
    return this.toolNamesCache
  }

  /** The closest call of a declared tool that `node` is, or is inside the first argument of. */
  private enclosingToolCall(node: ts.Node): ts.CallExpression | undefined {
    for (let at: ts.Node | undefined = node; at !== undefined && !ts.isSourceFile(at); at = at.parent) {
      if (ts.isCallExpression(at) && this.toolName(at.expression) !== undefined) {
        const arg = at.arguments[0]
        const inside =
          arg !== undefined && arg.getStart(this.file) <= node.getStart(this.file) && node.getEnd() <= arg.getEnd()
        return inside || node === at || node === at.expression || ts.isPropertyAccessExpression(node.parent)
          ? at
          : undefined
      }
      if (ts.isFunctionLike(at) || ts.isBlock(at)) return undefined
    }
    return undefined
  }

  /** Whether `literal` is a tool call's argument, or nested in one through object and array literals. */
  private isToolArgument(literal: ts.ObjectLiteralExpression): boolean {
    let at: ts.Node = literal
    for (;;) {
      const parent: ts.Node = at.parent
      if (ts.isParenthesizedExpression(parent) || ts.isArrayLiteralExpression(parent)) at = parent
      else if (
        ts.isPropertyAssignment(parent) &&
        parent.initializer === at &&
        ts.isObjectLiteralExpression(parent.parent)
      )
        at = parent.parent
      else if (ts.isCallExpression(parent))
        return parent.arguments[0] === at && this.toolName(parent.expression) !== undefined
      else return false
    }
  }

  private parameterType(call: ts.CallExpression): ts.Type | undefined {
    const callee = this.checker.getTypeAtLocation(call.expression)
    const [signature] = callee.getCallSignatures()
    const [parameter] = signature?.getParameters() ?? []
    return parameter === undefined ? undefined : this.checker.getTypeOfSymbolAtLocation(parameter, call)
  }
}
