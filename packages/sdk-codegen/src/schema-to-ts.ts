// JSON Schema → TypeScript type expression. Total: any value renders, anything that cannot be
// expressed degrades to `unknown`, depth is bounded and object cycles are cut.
import type { TypeAliases } from './aliases.ts'
import { refHint, resolveLocalRef } from './refs.ts'
import { isRecord, renderArray, renderObject } from './schema-objects.ts'
import {
  atom,
  intersection,
  literal,
  NEVER,
  NULL,
  union,
  UNKNOWN,
  type RenderContext,
  type Rendered,
} from './type-expr.ts'

/** Schema nesting deeper than this renders as `unknown` (no schema a model reads needs more). */
export const MAX_SCHEMA_DEPTH = 32

/** Options of {@link jsonSchemaToTs}. */
export interface JsonSchemaToTsOptions {
  /**
   * Where local `$ref`s become named aliases. Without it a `$ref` renders as `unknown`, so the
   * returned expression is always self-contained.
   */
  aliases?: TypeAliases
  /** Prefix of alias names created for this schema (`ReadFile` → `ReadFile_Node`); default `Schema`. */
  aliasPrefix?: string
  /** Indentation of the line the expression starts on; nested lines are indented from it. */
  indent?: string
  /** Nested schema nodes to write as the given alias name (shapes the section declares once). */
  shared?: ReadonlyMap<object, string>
}

const PRIMITIVES: Readonly<Record<string, Rendered>> = {
  string: atom('string'),
  number: atom('number'),
  integer: atom('number'),
  boolean: atom('boolean'),
  null: NULL,
}

/**
 * Render a JSON Schema as a TypeScript type expression. Never throws: unsupported or malformed
 * constructs become `unknown`, and output size stays linear in the input.
 * @example jsonSchemaToTs({ type: 'array', items: { enum: ['a', 'b'] } }) // '("a" | "b")[]'
 */
export function jsonSchemaToTs(schema: unknown, options: JsonSchemaToTsOptions = {}): string {
  const { aliases, aliasPrefix = 'Schema', indent = '', shared } = options
  const text = new Renderer(schema, aliases, aliasPrefix, undefined, shared).visit(schema, indent).text
  if (aliases !== undefined) {
    // why: bodies are rendered from a queue, not recursively, so a chain of 10,000 definitions
    // referencing each other cannot grow the stack.
    for (let pending = aliases.takePending(); pending !== undefined; pending = aliases.takePending()) {
      const body = new Renderer(pending.root, aliases, pending.prefix, pending.name, shared).visit(pending.target, '')
      aliases.define(pending, body.text)
    }
    aliases.settle()
  }
  return text
}

class Renderer implements RenderContext {
  private depth = 0
  private readonly path = new Set<object>()
  /** False while rendering the top level of an alias body, where a self-reference is circular. */
  private guarded = false

  constructor(
    private readonly root: unknown,
    private readonly aliases: TypeAliases | undefined,
    private readonly prefix: string,
    /** The alias whose body this renderer produces, if any. */
    private readonly owner: string | undefined,
    private readonly shared: ReadonlyMap<object, string> | undefined,
  ) {}

  /** A subschema in a structural position (object member, index signature, array, tuple). */
  render(schema: unknown, indent: string): Rendered {
    const name = typeof schema === 'object' && schema !== null ? this.shared?.get(schema) : undefined
    if (name !== undefined) return atom(name)
    const saved = this.guarded
    this.guarded = true
    const rendered = this.visit(schema, indent)
    this.guarded = saved
    return rendered
  }

  /** A subschema in the same position as its parent (the root, or a combinator member). */
  visit(schema: unknown, indent: string): Rendered {
    if (schema === true) return UNKNOWN
    if (schema === false) return NEVER
    // why: the depth bound keeps recursion shallow; the path set cuts object-identity cycles,
    // which JSON cannot contain but a JavaScript caller can pass.
    if (!isRecord(schema) || this.depth >= MAX_SCHEMA_DEPTH || this.path.has(schema)) return UNKNOWN
    this.depth++
    this.path.add(schema)
    const rendered = this.node(schema, indent)
    this.path.delete(schema)
    this.depth--
    return rendered
  }

  private node(schema: Readonly<Record<string, unknown>>, indent: string): Rendered {
    if (typeof schema.$ref === 'string') return this.ref(schema.$ref)
    if (Object.hasOwn(schema, 'const')) return literal(schema.const)
    if (Array.isArray(schema.enum)) return union(schema.enum.map(literal))
    const parts: Rendered[] = []
    const typed = this.typed(schema, indent)
    if (typed !== undefined) parts.push(typed)
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const members = schema[keyword]
      if (Array.isArray(members)) parts.push(union(members.map((m) => this.visit(m, indent))))
    }
    if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((m) => this.visit(m, indent)))
    const result = intersection(parts)
    // why: OpenAPI-style `nullable: true` is common in schemas generated for MCP servers.
    return schema.nullable === true ? union([result, NULL]) : result
  }

  /** The `type` keyword (string or array), or the type implied by object/array keywords. */
  private typed(schema: Readonly<Record<string, unknown>>, indent: string): Rendered | undefined {
    const declared = schema.type
    let names: unknown[]
    if (typeof declared === 'string') names = [declared]
    else if (Array.isArray(declared)) names = [...new Set(declared)]
    else if (declared !== undefined) return UNKNOWN
    else if (isObjectLike(schema)) names = ['object']
    else if (schema.items !== undefined || schema.prefixItems !== undefined) names = ['array']
    else return undefined
    return union(names.map((name) => this.typeName(name, schema, indent)))
  }

  private typeName(name: unknown, schema: Readonly<Record<string, unknown>>, indent: string): Rendered {
    if (name === 'object') return renderObject(schema, this, indent)
    if (name === 'array') return renderArray(schema, this, indent)
    return typeof name === 'string' && Object.hasOwn(PRIMITIVES, name) ? (PRIMITIVES[name] ?? UNKNOWN) : UNKNOWN
  }

  /** A local `$ref` becomes the alias of its final target; pure `$ref` cycles become `unknown`. */
  private ref(ref: string): Rendered {
    if (this.aliases === undefined) return UNKNOWN
    const seen = new Set<unknown>()
    let target = resolveLocalRef(this.root, ref)
    let hint = ref
    while (isRecord(target) && typeof target.$ref === 'string') {
      if (seen.has(target)) return UNKNOWN
      seen.add(target)
      hint = target.$ref
      target = resolveLocalRef(this.root, target.$ref)
    }
    if (typeof target === 'boolean') return target ? UNKNOWN : NEVER
    if (!isRecord(target)) return UNKNOWN
    const name = this.aliases.nameFor(target, this.root, this.prefix, refHint(hint))
    if (!this.guarded && this.owner !== undefined) this.aliases.noteDirectRef(this.owner, name)
    return atom(name)
  }
}

function isObjectLike(schema: Readonly<Record<string, unknown>>): boolean {
  return (
    schema.properties !== undefined ||
    schema.additionalProperties !== undefined ||
    schema.patternProperties !== undefined
  )
}
