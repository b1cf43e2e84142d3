// The exact text a model gets back from run_code (what `isocode serve` returns to an MCP client)
// for the error examples, against two real MCP servers named memory and other.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootModelView, type ModelView } from './model-sees.ts'

const require = createRequire(import.meta.url)
const memoryBin = join(dirname(require.resolve('@modelcontextprotocol/server-memory/package.json')), 'dist', 'index.js')

let view: ModelView
let app: ModelView['app']
beforeAll(async () => {
  view = await bootModelView('isocode-errors-', (dir) => ({
    mcp: ['memory', 'other'].map((name) => `${name}=MEMORY_FILE_PATH=${join(dir, `${name}.jsonl`)} node ${memoryBin}`),
    concurrent: ['other'],
    tools: undefined,
    workspace: false,
    // why: these are the runtime's own texts; what the check before the run says is below.
    check: false,
  }))
  app = view.app
})
afterAll(() => view.dispose())

const modelSees = (code: string): Promise<string> => view.modelSees(code)

describe('errors a model fixes in one step', () => {
  it('a wrong argument to an MCP tool names the SDK member, the call site and the argument path', async () => {
    const code =
      'const entity = { name: "a", entityType: 1, observations: [] }\nawait tools.memory__create_entities({ entities: [entity] })'
    expect(await modelSees(code)).toBe(
      [
        'run_code failed (exception): ToolCallError: tools.memory__create_entities failed (TOOL_ERROR): MCP error -32602: Input validation error: Invalid arguments for tool memory__create_entities: Invalid input: expected string, received number at entities[0].entityType; wrong argument: args.entities[0].entityType (at 2:13)',
        '2 | await tools.memory__create_entities({ entities: [entity] })',
        '  |             ^',
      ].join('\n'),
    )
  })

  it('a member that does not exist suggests the closest tool names', async () => {
    expect(await modelSees('const graph = await tools.read_graph({})')).toBe(
      [
        'run_code failed (exception): TypeError: tools.read_graph is not a function (at 1:27)',
        '1 | const graph = await tools.read_graph({})',
        '  |                           ^',
        'There is no tool named "read_graph"; did you mean tools.other__read_graph, tools.memory__read_graph?',
      ].join('\n'),
    )
  })

  it('setTimeout works, and a syntax error is quoted with a caret', async () => {
    expect(await modelSees('await new Promise((resolve) => setTimeout(resolve, 10))\nreturn "waited"')).toBe('waited')
    expect(await modelSees('const ok = 1\nconst broken = ;')).toBe(
      [
        "run_code failed (exception): SyntaxError: Unexpected token ';' (at 2:16)",
        '2 | const broken = ;',
        '  |                ^',
      ].join('\n'),
    )
  })

  it('a thrown error keeps the logs printed before it', async () => {
    expect(await modelSees('console.log("step 1")\nthrow new RangeError("too far")')).toBe(
      [
        'run_code failed (exception): RangeError: too far (at 2:7)',
        '2 | throw new RangeError("too far")',
        '  |       ^',
        '',
        'logs before the failure:',
        'step 1',
      ].join('\n'),
    )
  })

  it("--concurrent marks only the named server's tools concurrency-safe", () => {
    expect([
      app.root.tools.get('other__read_graph')?.concurrencySafe,
      app.root.tools.get('memory__read_graph')?.concurrencySafe ?? false,
    ]).toEqual([true, false])
  })

  it('the SDK header says what the sandbox offers beyond ECMAScript', async () => {
    const { system } = await app.root.systemPrompt.assemble()
    expect(system).toContain(
      ' * - Sandbox globals: console, `tools`, ToolCallError, setTimeout/clearTimeout (pending timers\n',
    )
  })
})

describe('errors the check before the run reports (R-104, on by default)', () => {
  let checked: ModelView
  beforeAll(async () => {
    checked = await bootModelView('isocode-check-', (dir) => ({
      mcp: [`memory=MEMORY_FILE_PATH=${join(dir, 'memory.jsonl')} node ${memoryBin}`],
      tools: undefined,
      workspace: false,
    }))
    // why: the shared checker starts on the first check; until then a check that outlasts its
    // time limit lets the program run. Warm it, so the text below holds on a machine of any speed.
    while (!(await checked.modelSees('await tools.raed_graph({})')).startsWith('run_code failed (check)'))
      await new Promise((resolve) => setTimeout(resolve, 20))
  }, 600_000)
  afterAll(() => checked.dispose())

  it('a misspelled tool and a missing argument: nothing runs, both are listed with their lines', async () => {
    const code = 'const graph = await tools.raed_graph({})\nawait tools.search_nodes({})'
    expect(await checked.modelSees(code)).toBe(
      [
        'run_code failed (check): the program was not run: the check before the run found 2 errors it would hit',
        'tools.raed_graph is not a function: the SDK has no tool "raed_graph"; did you mean tools.read_graph? (at 1:27)',
        '1 | const graph = await tools.raed_graph({})',
        '  |                           ^',
        'tools.search_nodes is missing the required property "query" of its arguments (at 2:26)',
        '2 | await tools.search_nodes({})',
        '  |                          ^',
      ].join('\n'),
    )
  })
})
