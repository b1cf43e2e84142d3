// Saved programs and state of one registry: the store they live in, the saved
// programs read from it (with the type each returns), and what a run gets of them: the `state`
// and `programs` declarations, the linked program and the two binding namespaces.
import type { CodeBinding, CodeBindingNamespace, JsonValue } from '@isocode/code-runtime'
import type { ProgramArea, ProgramRecord, StateArea } from '@isocode/run-store'
import {
  jsonSchemaToTs,
  type ProgramDeclaration,
  PROGRAMS_GLOBAL,
  renderProgramDeclaration,
  renderProgramsSdk,
  STATE_GLOBAL,
  STATE_SDK,
} from '@isocode/sdk-codegen'
import { RegistryError } from '../../errors.ts'
import type { ToolDefinition } from '../../types.ts'
import { inspectProgram, sdkText } from '../pre-check.ts'
import { compileInputSchema, type InputCheck } from './input-schema.ts'
import { ENTER_MEMBER, linkPrograms, references } from './link.ts'
import { syntaxProblem } from './syntax.ts'
import { toolSchemaHash } from './tool-hash.ts'

/** Where saved programs and state live: a `RunStore` of `@isocode/run-store`, or any object with these two areas. */
export interface ProgramStore {
  readonly state: StateArea
  readonly programs: ProgramArea
}

/** Why a saved program cannot run now: a tool it calls changed its schema or is gone. */
export interface ProgramStaleness {
  tool: string
  reason: 'changed' | 'gone'
  message: string
}

/** A saved program as `list()` and `get()` show it: the store's record and what the library adds. */
export interface SavedProgram extends ProgramRecord {
  /** The TypeScript type it returns (`unknown` when the checker could not infer one). */
  output: string
  /** Present when it cannot run: calling it fails naming the tool. */
  stale?: ProgramStaleness
}

/** What `save` takes besides the name and the code. */
export interface SaveProgramOptions {
  /** One line for the model: what the program does (its JSDoc in the SDK). */
  description: string
  /** JSON Schema (draft 2020-12) of the program's `input`. */
  input?: JsonValue
}

/** What a run gets of the library: the program with its saved programs linked in, and the bindings. */
export interface PreparedRun {
  program: string
  bindings: CodeBindingNamespace[]
}

interface Entry {
  record: ProgramRecord
  output: string
  check: InputCheck | undefined
}

/** What the library reads of its registry. */
export interface LibraryHost {
  /** The global end tools (what a program is saved against). */
  tools(): readonly ToolDefinition[]
  /** Announce a saved or deleted program (`tools/change` with kind `programs`). */
  changed(names: string[]): void
}

/** The default state scope of a run whose caller named none. */
export const DEFAULT_SCOPE = 'default'

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/
// why: members every object has or that would reach its prototype; a program named so could not be a member.
const RESERVED = new Set(['constructor', 'prototype', '__proto__', 'toString', 'valueOf', 'hasOwnProperty'])
const STORE_METHODS = ['get', 'set', 'delete', 'keys'] as const

const area = (value: unknown, methods: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  methods.every((m) => typeof (value as Record<string, unknown>)[m] === 'function')

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))
const invalid = (text: string): RegistryError => new RegistryError(`programs.save: ${text}`, 'INVALID_PROGRAM')

/** The staleness of `record` against `tools`, or undefined when every tool it calls is as it was. */
export function staleness(
  record: Pick<ProgramRecord, 'name' | 'toolHashes'>,
  tools: readonly ToolDefinition[],
): ProgramStaleness | undefined {
  for (const [tool, hash] of Object.entries(record.toolHashes)) {
    const def = tools.find((candidate) => candidate.name === tool)
    if (def === undefined)
      return {
        tool,
        reason: 'gone',
        message: `tools.${tool} is gone since programs.${record.name} was saved; save it again`,
      }
    if (toolSchemaHash(def) !== hash)
      return {
        tool,
        reason: 'changed',
        message: `tools.${tool} changed its schema since programs.${record.name} was saved; save it again`,
      }
  }
  return undefined
}

/**
 * `ctx.tools.programs`: saved programs and state, kept in the store given to {@link use}. Without
 * a store a registry offers neither (its SDK text and runs are as they were).
 */
export class ProgramLibrary {
  #store: ProgramStore | undefined
  #entries = new Map<string, Entry>()

  constructor(private readonly host: LibraryHost) {}

  /** The store saved programs and state live in, once {@link use} was called. */
  get store(): ProgramStore | undefined {
    return this.#store
  }

  /** Keep saved programs and state in `store` from now on, and read the programs it holds. */
  async use(store: ProgramStore): Promise<void> {
    if (
      typeof store !== 'object' ||
      store === null ||
      !area(store.state, STORE_METHODS) ||
      !area(store.programs, ['save', 'get', 'list', 'delete'])
    )
      throw new RegistryError(
        'tools.programs.use(store): store must be a RunStore (with state and programs areas)',
        'INVALID_INPUT',
      )
    this.#store = store
    await this.refresh()
  }

  /** Read the saved programs again from the store (another process may have saved some). */
  async refresh(): Promise<void> {
    const store = this.require('refresh')
    const records = await store.programs.list()
    const next = new Map<string, Entry>()
    const changed: string[] = []
    for (const record of records) {
      const known = this.#entries.get(record.name)
      if (known !== undefined && known.record.version === record.version && known.record.updatedAt === record.updatedAt)
        next.set(record.name, known)
      else {
        changed.push(record.name)
        next.set(record.name, await this.entryOf(record, records))
      }
    }
    for (const name of this.#entries.keys()) if (!next.has(name)) changed.push(name)
    this.#entries = next
    if (changed.length > 0) this.host.changed(changed)
  }

  /**
   * Save `code` as `programs.<name>`: checked (name, description, input schema, code that parses
   * and calls only declared tools), then kept with the schema hash of every tool it calls. Saving
   * a name again replaces it with the next version. A refusal throws `INVALID_PROGRAM` naming the
   * field, and saves nothing.
   */
  async save(name: string, code: string, options: SaveProgramOptions): Promise<SavedProgram> {
    const store = this.require('save')
    const tools = this.host.tools()
    if (typeof name !== 'string' || !NAME.test(name) || RESERVED.has(name))
      throw invalid(
        `name ${JSON.stringify(name) ?? String(name)} is not an identifier; use letters, digits and _ (at most 64, not starting with a digit), e.g. "weeklyReport"`,
      )
    if (tools.some((tool) => tool.name === name))
      throw invalid(`name "${name}" is a tool's name; pick another so programs.${name} and tools.${name} stay apart`)
    if (typeof code !== 'string' || code.trim() === '')
      throw invalid('code must be the program text (an async function body), a non-empty string')
    if (typeof options !== 'object' || options === null) throw invalid('options must be { description, input? }')
    if (typeof options.description !== 'string' || options.description.trim() === '')
      throw invalid('description must be a non-empty string: one line saying what the program does')
    let check: InputCheck | undefined
    if (options.input !== undefined) {
      const compiled = compileInputSchema(options.input)
      if (!compiled.ok) throw invalid(`input ${compiled.problem}`)
      check = compiled.check
    }
    const others = [...this.#entries.values()].filter((entry) => entry.record.name !== name)
    const inspection = await inspectProgram(
      code,
      this.sdkFor(tools, others, options.input === undefined ? 'unknown' : jsonSchemaToTs(options.input)),
    )
    if (inspection.status === 'blocked') throw invalid(`code: ${inspection.message}`)
    // why: a checker that could not answer still leaves no program that does not parse saved.
    const problem = inspection.status === 'unchecked' ? syntaxProblem(code) : undefined
    if (problem !== undefined) throw invalid(`code: ${problem}`)
    const toolHashes: Record<string, string> = {}
    for (const tool of references(code).tools) {
      const def = tools.find((candidate) => candidate.name === tool)
      if (def !== undefined) toolHashes[tool] = toolSchemaHash(def)
    }
    let record: ProgramRecord
    try {
      record = await store.programs.save({
        name,
        code,
        description: options.description,
        ...(options.input === undefined ? {} : { inputSchema: options.input }),
        toolHashes,
      })
    } catch (error) {
      throw invalid(message(error))
    }
    this.#entries.set(name, { record, output: inspection.output ?? 'unknown', check })
    this.host.changed([name])
    return this.show(this.#entries.get(name) as Entry, tools)
  }

  /** The saved program `name`, with its staleness against the global tools. */
  get(name: string): SavedProgram | undefined {
    const entry = this.#entries.get(name)
    return entry === undefined ? undefined : this.show(entry, this.host.tools())
  }

  /** Every saved program, by name, each with its staleness. */
  list(): SavedProgram[] {
    const tools = this.host.tools()
    return [...this.#entries.values()]
      .toSorted((a, b) => (a.record.name < b.record.name ? -1 : 1))
      .map((entry) => this.show(entry, tools))
  }

  /** Delete `programs.<name>`; whether it was there. */
  async delete(name: string): Promise<boolean> {
    const store = this.require('delete')
    if (typeof name !== 'string')
      throw new RegistryError('programs.delete(name): name must be a string', 'INVALID_INPUT')
    const existed = await store.programs.delete(name)
    const cached = this.#entries.delete(name)
    if (existed || cached) this.host.changed([name])
    return existed
  }

  /** The saved programs as the SDK declares them for a run over `tools`. */
  declarations(tools: readonly ToolDefinition[]): ProgramDeclaration[] {
    return [...this.#entries.values()].map((entry) => this.declarationOf(entry, tools))
  }

  /** The `state` and `programs` declarations for a run over `tools` ('' without a store). */
  sdk(tools: readonly ToolDefinition[]): string {
    if (this.#store === undefined) return ''
    return `${STATE_SDK}${renderProgramsSdk(this.declarations(tools))}`
  }

  /** One declaration, for `tools.$describe("programs.name")`. */
  describe(name: string, tools: readonly ToolDefinition[]): string | undefined {
    const entry = this.#entries.get(name)
    return entry === undefined ? undefined : renderProgramDeclaration(this.declarationOf(entry, tools))
  }

  /**
   * What one run over `tools` in state scope `scope` gets: the program with the saved programs it
   * calls linked in, and the `state` and `programs` bindings. Without a store, the program as it is.
   */
  prepare(code: string, tools: readonly ToolDefinition[], scope: string): PreparedRun {
    const store = this.#store
    if (store === undefined) return { program: code, bindings: [] }
    // why: the run sees the programs as they were when it started, whatever is saved meanwhile.
    const entries = new Map(this.#entries)
    const saved = new Map([...entries].map(([name, entry]) => [name, entry.record.code]))
    const { code: program } = linkPrograms(code, saved)
    return { program, bindings: [stateNamespace(store.state, scope), this.programsNamespace(entries, tools)] }
  }

  private programsNamespace(
    entries: ReadonlyMap<string, Entry>,
    tools: readonly ToolDefinition[],
  ): CodeBindingNamespace {
    const functions = Object.create(null) as Record<string, CodeBinding>
    for (const name of entries.keys()) {
      // why: only `programs.name(…)` written out is linked; a program reached another way
      // (`programs["name"]`, passed around as a value) cannot run, and says how to call it.
      functions[name] = async () => {
        throw new Error(
          `programs.${name} can only be called as written, \`await programs.${name}(input)\` (not through a variable or programs["${name}"])`,
        )
      }
    }
    // why: — the first thing a linked program does: refuse when a tool it calls
    // changed or is gone (it never runs against another tool set), or when the input is refused.
    functions[ENTER_MEMBER] = async (args) => {
      const [name, input] = Array.isArray(args) ? args : [args]
      const entry = typeof name === 'string' ? entries.get(name) : undefined
      if (entry === undefined) throw new Error(`programs.${String(name)} is not a saved program`)
      const stale = staleness(entry.record, tools)
      if (stale !== undefined) throw new Error(`programs.${entry.record.name} is stale: ${stale.message}`)
      const problems = entry.check?.(input) ?? []
      if (problems.length > 0)
        throw new Error(`programs.${entry.record.name}: input refused by its schema: ${problems.join('; ')}`)
      return null
    }
    return { global: PROGRAMS_GLOBAL, functions, positional: true }
  }

  private declarationOf(entry: Entry, tools: readonly ToolDefinition[]): ProgramDeclaration {
    const stale = staleness(entry.record, tools)
    return {
      name: entry.record.name,
      description: entry.record.description,
      output: entry.output,
      ...(entry.record.inputSchema === undefined ? {} : { inputSchema: entry.record.inputSchema }),
      ...(stale === undefined ? {} : { stale: `tools.${stale.tool} ${stale.reason}; calling it fails` }),
    }
  }

  private show(entry: Entry, tools: readonly ToolDefinition[]): SavedProgram {
    const { record } = entry
    const stale = staleness(record, tools)
    return {
      name: record.name,
      version: record.version,
      description: record.description,
      code: record.code,
      ...(record.inputSchema === undefined ? {} : { inputSchema: record.inputSchema }),
      output: entry.output,
      toolHashes: { ...record.toolHashes },
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      ...(stale === undefined ? {} : { stale }),
    }
  }

  private sdkFor(tools: readonly ToolDefinition[], others: readonly Entry[], input: string): string {
    let base = ''
    try {
      base = sdkText(tools)
    } catch {
      // why: a tool list sdk-codegen cannot render is the runtime's to report, not the save's.
    }
    const programs = renderProgramsSdk(others.map((entry) => this.declarationOf(entry, tools)))
    return `${base}${STATE_SDK}${programs}declare const input: ${input};\n`
  }

  private async entryOf(record: ProgramRecord, all: readonly ProgramRecord[]): Promise<Entry> {
    let check: InputCheck | undefined
    if (record.inputSchema !== undefined) {
      const compiled = compileInputSchema(record.inputSchema)
      // why: a schema saved by an older version that no longer compiles refuses every input.
      check = compiled.ok ? compiled.check : () => [`input schema no longer compiles: ${compiled.problem}`]
    }
    const tools = this.host.tools()
    const others = all
      .filter((other) => other.name !== record.name)
      .map((other) => this.#entries.get(other.name) ?? { record: other, output: 'unknown', check: undefined })
    const input = record.inputSchema === undefined ? 'unknown' : jsonSchemaToTs(record.inputSchema)
    const inspection = await inspectProgram(record.code, this.sdkFor(tools, others, input))
    return { record, output: inspection.output ?? 'unknown', check }
  }

  private require(what: string): ProgramStore {
    if (this.#store === undefined)
      throw new RegistryError(
        `tools.programs.${what}: this registry has no store for saved programs; call tools.programs.use(store) first`,
        'NO_PROGRAM_STORE',
      )
    return this.#store
  }
}

// why: the `state` binding's argument checks and error text, shared by its four members.
const stateKey = (member: string, value: unknown): string => {
  if (typeof value !== 'string' || value === '')
    throw new Error(
      `${STATE_GLOBAL}.${member}(key): key must be a non-empty string, got ${JSON.stringify(value) ?? String(value)}`,
    )
  return value
}
const argList = (args: unknown): unknown[] => (Array.isArray(args) ? args : [args])
const stateRefused = (member: string, error: unknown): Error =>
  new Error(`${STATE_GLOBAL}.${member}: ${message(error)}`)

/** The `state` binding of one run: JSON values by key in `scope`; store refusals reach the program. */
function stateNamespace(state: StateArea, scope: string): CodeBindingNamespace {
  const functions: Record<string, CodeBinding> = {
    get: async (args) => {
      const value = await state.get(scope, stateKey('get', argList(args)[0])).catch((error: unknown) => {
        throw stateRefused('get', error)
      })
      return value === undefined ? (undefined as unknown as JsonValue) : value
    },
    set: async (args) => {
      const [k, value] = argList(args)
      if (value === undefined)
        throw new Error(
          `${STATE_GLOBAL}.set(key, value): value must be JSON, got undefined; use state.delete(key) to remove a key`,
        )
      await state.set(scope, stateKey('set', k), value as JsonValue).catch((error: unknown) => {
        throw stateRefused('set', error)
      })
      return undefined as unknown as JsonValue
    },
    delete: async (args) =>
      state.delete(scope, stateKey('delete', argList(args)[0])).catch((error: unknown) => {
        throw stateRefused('delete', error)
      }),
    keys: async (args) => {
      const prefix = argList(args)[0]
      if (prefix !== undefined && typeof prefix !== 'string')
        throw new Error(`${STATE_GLOBAL}.keys(prefix): prefix must be a string when given`)
      return state.keys(scope, prefix).catch((error: unknown) => {
        throw stateRefused('keys', error)
      })
    },
  }
  return { global: STATE_GLOBAL, functions, positional: true }
}
