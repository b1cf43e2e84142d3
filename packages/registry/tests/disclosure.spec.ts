import { CodeRuntime, withUsage } from '@isocode/code-runtime'
import type { CodeRunRequest, CodeRunResult } from '@isocode/code-runtime'
import { SystemPrompt } from '@isocode/harness'
import { ToolRegistry } from '@isocode/registry'
import { renderCompactSdk, renderToolsSdk, utf8Bytes } from '@isocode/sdk-codegen'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'

// A backend that hands each run's bindings to a script: the registry side of $search/$describe
// without a sandbox.
class ScriptRuntime extends CodeRuntime {
  readonly isolation = 'none'
  readonly language = 'typescript'
  constructor(
    ctx: Context,
    readonly config: { script: (request: CodeRunRequest) => Promise<Omit<CodeRunResult, 'usage'>> },
  ) {
    super(ctx)
  }
  async run(request: CodeRunRequest): Promise<CodeRunResult> {
    return withUsage(await this.config.script(request))
  }
}

const tool = (name: string, description: string, group?: string) => ({
  name,
  description,
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  ...(group === undefined ? {} : { group }),
  execute: async () => [{ type: 'text' as const, text: name }],
})

async function boot(
  config: { sdkBytes?: number },
  script: ScriptRuntime['config']['script'] = async () => ({ logs: [] }),
) {
  const root = new Context()
  await root.plugin(SystemPrompt)
  await root.plugin(ToolRegistry, { mode: 'code', ...config })
  await root.plugin(ScriptRuntime, { script })
  root.tools.register(tool('read_file', 'Read a file.', 'fs'))
  root.tools.register(tool('write_file', 'Write a file.', 'fs'))
  root.tools.register(tool('get_weather', 'Weather for a city.'))
  return root
}

const schemas = (root: Context) => root.tools.schemas().filter((s) => s.name !== 'run_code')

describe('the tools:sdk byte budget', () => {
  it('renders the full SDK byte for byte while it fits, the compact section one byte under', async () => {
    const probe = await boot({})
    const full = renderToolsSdk(schemas(probe))
    const fits = await boot({ sdkBytes: utf8Bytes(full) })
    expect((await fits.systemPrompt.assemble()).system).toBe(full)
    const over = await boot({ sdkBytes: utf8Bytes(full) - 1 })
    const compact = (await over.systemPrompt.assemble()).system
    const grouped = schemas(over).map((s) => (s.name.endsWith('_file') ? { ...s, group: 'fs' } : s))
    expect(compact).toBe(renderCompactSdk(grouped))
    // why: the compact section names no group: its size does not grow with the tool set.
    expect(compact).toContain(' * - 3 tools in 2 groups, too many to declare here.')
    expect(compact).not.toContain('weather')
  })

  it('defaults to 16 KB and refuses a budget that is not a whole number of bytes', async () => {
    const root = new Context()
    const fiber = await root.plugin(ToolRegistry, { mode: 'code' })
    expect(root.tools.sdkBytes).toBe(16_384)
    await fiber.dispose()
    await expect(root.plugin(ToolRegistry, { sdkBytes: -1 })).rejects.toThrow(
      /sdkBytes must be a whole number of bytes >= 0 \(got -1\)/,
    )
    await expect(root.plugin(ToolRegistry, { sdkBytes: '16k' } as never)).rejects.toThrow(
      /sdkBytes must be a whole number/,
    )
  })
})

describe('concurrentCallLimit', () => {
  it('defaults to 4, refuses anything but a whole number >= 1, and keeps concurrencySafe on the snapshot', async () => {
    const root = new Context()
    const fiber = await root.plugin(ToolRegistry, { mode: 'code', concurrentCallLimit: 10 })
    expect(root.tools.concurrentCallLimit).toBe(10)
    root.tools.register({ ...tool('a', 'A.'), concurrencySafe: true })
    expect(root.tools.get('a')?.concurrencySafe).toBe(true)
    expect(() => root.tools.register({ ...tool('b', 'B.'), concurrencySafe: 'yes' } as never)).toThrow(
      'tool "b": concurrencySafe must be true or false when present',
    )
    await fiber.dispose()
    await root.plugin(ToolRegistry, {})
    expect(root.tools.concurrentCallLimit).toBe(4)
    await expect(root.plugin(ToolRegistry, { concurrentCallLimit: 0 })).rejects.toThrow(
      /concurrentCallLimit must be a whole number >= 1 \(got 0\)/,
    )
  })
})

describe('discovery members', () => {
  it('rejects a tool whose name starts with $ at registration, naming the fix', async () => {
    const root = await boot({})
    expect(() => root.tools.register(tool('$search', 'x'))).toThrow(
      'tools.register: tool names starting with "$" are reserved for the Code Mode discovery members (tools.$search, tools.$describe); rename "$search"',
    )
  })

  it('answers $search and $describe from the run tool list without dispatching anything', async () => {
    const seen: unknown[] = []
    const root = await boot({ sdkBytes: 0 }, async (request) => {
      const fns = request.bindings[0]?.functions ?? {}
      seen.push(await fns.$search?.(['file write', { limit: 2 }]))
      seen.push(await fns.$describe?.(['get_weather']))
      seen.push(await fns.$describe?.('read_file'))
      seen.push(await fns.$describe?.(['reed_file']).catch((error: Error) => error.message))
      seen.push(await fns.$search?.([42]).catch((error: Error) => error.message))
      seen.push(await fns.$describe?.([]))
      return { logs: [] }
    })
    const dispatched: string[] = []
    root.on('tools/execute', async (exec, next) => (dispatched.push(exec.name), next()))
    const result = await root.tools.execute({
      callId: 'c',
      name: 'run_code',
      arguments: { code: '', description: 'd' },
    })
    expect(result.isError).toBe(false)
    const declaration = '/** Weather for a city. */\nget_weather: (args: { path: string }) => Promise<string>;\n'
    expect(seen).toEqual([
      [
        {
          name: 'write_file',
          declaration: '/** Write a file. */\nwrite_file: (args: { path: string }) => Promise<string>;\n',
        },
        {
          name: 'read_file',
          declaration: '/** Read a file. */\nread_file: (args: { path: string }) => Promise<string>;\n',
        },
      ],
      declaration,
      '/** Read a file. */\nread_file: (args: { path: string }) => Promise<string>;\n',
      'tools.$describe: there is no tool named "reed_file"; did you mean tools.read_file, tools.write_file?',
      'tools.$search(query, { limit }): query must be a non-empty string of words, got 42',
      'Tool groups (tools in the group): the words their names use most; search with a group and a word.\nfs (2): file, read, write\nget (1): weather\n',
    ])
    expect(dispatched).toEqual(['run_code'])
  })

  it('refuses discovery calls after the run settled', async () => {
    let late: ((args: unknown) => Promise<unknown>) | undefined
    const root = await boot({}, async (request) => {
      late = request.bindings[0]?.functions.$search
      return { logs: [] }
    })
    await root.tools.execute({ callId: 'c', name: 'run_code', arguments: { code: '', description: 'd' } })
    await expect(late?.(['file'])).rejects.toThrow('tools.$search was called after the program settled')
  })
})
