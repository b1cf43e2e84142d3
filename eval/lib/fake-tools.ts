// The 500-tool set (fixtures/tools/tools-500.json) as registry tools with deterministic fake
// executes: the tools are data, so each verb answers with plausible JSON computed from the tool's
// name and its arguments (same call, same answer), typed by an output schema per verb.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { JsonObject, JsonValue, ToolDefinition } from '@isocode/registry'

/** One tool as tools-500.json stores it. */
interface FixtureTool {
  name: string
  description?: string
  parameters: JsonObject
}

const OWNERS = ['ada', 'grace', 'linus', 'barbara'] as const
const STATUSES = ['open', 'closed'] as const

/** FNV-1a (32-bit) of `text`: the seed of a call's answer. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0
  return hash
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` seed the same answer. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** A small deterministic generator (an LCG over 2^32) seeded by one call. */
function numbers(seed: number): (below: number) => number {
  let state = seed
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state % below
  }
}

const RECORD_PROPERTIES: JsonObject = {
  id: { type: 'integer' },
  name: { type: 'string' },
  status: { type: 'string', enum: [...STATUSES] },
  owner: { type: 'string' },
  amount: { type: 'integer', description: 'In cents.' },
}
const RECORD_REQUIRED = ['id', 'name', 'status', 'owner', 'amount']
const record: JsonObject = { type: 'object', properties: RECORD_PROPERTIES, required: RECORD_REQUIRED }

const object = (properties: Record<string, unknown>): JsonObject =>
  ({ type: 'object', properties, required: Object.keys(properties) }) as JsonObject

/** What one verb returns: its output schema and the answer for a call. */
interface Verb {
  outputSchema: JsonObject
  answer(noun: string, args: JsonObject, next: (below: number) => number): JsonValue
}

const recordOf = (noun: string, id: number, next: (below: number) => number): JsonObject => ({
  id,
  name: `${noun}-${id}`,
  status: STATUSES[next(2)] ?? 'open',
  owner: OWNERS[next(OWNERS.length)] ?? 'ada',
  amount: 100 * (5 + next(96)),
})

const listing: Verb = {
  outputSchema: object({ items: { type: 'array', items: record }, total: { type: 'integer' } }),
  answer(noun, _args, next) {
    const count = 3 + next(4)
    const first = 1000 + next(9000)
    const items = Array.from({ length: count }, (_, i) => recordOf(noun, first + 17 * i, next))
    return { items, total: count }
  },
}

// why: a call that names an integer id (or its digits) gets that record back; any other call gets a seeded one.
function ref(args: JsonObject, next: (below: number) => number): number {
  const id = typeof args.id === 'string' && /^\d+$/.test(args.id) ? Number(args.id) : args.id
  return typeof id === 'number' && Number.isInteger(id) ? id : 1000 + next(9000)
}

const VERBS: Record<string, Verb> = {
  list: listing,
  search: listing,
  get: {
    outputSchema: {
      type: 'object',
      properties: { ...RECORD_PROPERTIES, updated: { type: 'string' } },
      required: [...RECORD_REQUIRED, 'updated'],
    },
    answer: (noun, args, next) => ({
      ...recordOf(noun, ref(args, next), next),
      updated: `2026-11-${String(1 + next(28)).padStart(2, '0')}`,
    }),
  },
  create: {
    outputSchema: object({ id: { type: 'integer' }, created: { type: 'boolean' } }),
    answer: (_noun, args, next) => ({ id: ref(args, next), created: true }),
  },
  update: {
    outputSchema: object({ id: { type: 'integer' }, updated: { type: 'array', items: { type: 'string' } } }),
    answer: (_noun, args, next) => ({ id: ref(args, next), updated: Object.keys(args).toSorted() }),
  },
  delete: {
    outputSchema: object({ id: { type: 'integer' }, deleted: { type: 'boolean' } }),
    answer: (_noun, args, next) => ({ id: ref(args, next), deleted: true }),
  },
  archive: {
    outputSchema: object({ id: { type: 'integer' }, archived: { type: 'boolean' } }),
    answer: (_noun, args, next) => ({ id: ref(args, next), archived: true }),
  },
  export: {
    outputSchema: object({ url: { type: 'string' }, rows: { type: 'integer' } }),
    answer: (noun, _args, next) => ({
      url: `https://exports.example.com/${noun}/${(next(0xffffff) + 0x1000000).toString(16)}.csv`,
      rows: 1 + next(500),
    }),
  },
  import: {
    outputSchema: object({ imported: { type: 'integer' }, skipped: { type: 'integer' } }),
    answer: (_noun, _args, next) => ({ imported: 1 + next(200), skipped: next(10) }),
  },
  sync: {
    outputSchema: object({ synced: { type: 'integer' }, cursor: { type: 'string' } }),
    answer: (noun, _args, next) => ({
      synced: next(100),
      cursor: `${noun}-${(next(0xffffff) + 0x1000000).toString(16)}`,
    }),
  },
}

/** The answer tool `name` (`<verb>_<noun>_<n>`) gives for `args`. */
export function fakeAnswer(name: string, args: JsonObject): JsonValue {
  const [verb = '', noun = ''] = name.split('_')
  const kind = VERBS[verb]
  if (kind === undefined) throw new Error(`eval: tools-500 has no verb "${verb}" (tool ${name})`)
  return kind.answer(noun, args, numbers(fnv1a(`${name}${stableJson(args)}`)))
}

const toolsFile = fileURLToPath(new URL('../../fixtures/tools/tools-500.json', import.meta.url))

/** The 500 tools as registry definitions: fixture schema and description, the verb's output schema, a fake execute. */
export function fakeTools(): ToolDefinition[] {
  const tools = JSON.parse(readFileSync(toolsFile, 'utf8')) as FixtureTool[]
  return tools.map((tool) => {
    const verb = VERBS[tool.name.split('_')[0] ?? '']
    if (verb === undefined) throw new Error(`eval: tools-500 has no verb for ${tool.name}`)
    const definition: ToolDefinition = {
      name: tool.name,
      parameters: tool.parameters,
      outputSchema: verb.outputSchema,
      async execute(args) {
        const value = fakeAnswer(tool.name, args)
        return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value }
      },
    }
    if (tool.description !== undefined) definition.description = tool.description
    return definition
  })
}
