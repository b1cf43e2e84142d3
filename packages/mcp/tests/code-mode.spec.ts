// Code Mode end to end over real MCP servers: programs in isolated-vm call the servers' tools
// through run_code, with typed returns where the server declares an output schema.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { McpClient } from '@isocode/mcp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type App, boot, everything, filesystem, memory, textOf, tiny, whenCalled } from './helpers.ts'

let app: App | undefined
let scratch = ''
beforeAll(async () => {
  // why: realpath because the filesystem server reports resolved paths (/tmp may be a symlink).
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'isocode-mcp-')))
  await writeFile(join(scratch, 'a.md'), '# Alpha\nfirst file\n')
  await writeFile(join(scratch, 'b.md'), '# Beta\nsecond file\nwith two lines\n')
  await writeFile(join(scratch, 'c.txt'), 'gamma\n')
})
afterAll(async () => rm(scratch, { recursive: true, force: true }))
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

describe('run_code over real MCP servers', () => {
  it('reads three files from server-filesystem and returns a summary', async () => {
    app = await boot()
    await app.root.plugin(McpClient, filesystem(scratch))
    const sdk = (await app.root.systemPrompt.assemble()).system
    expect(sdk).toContain('read_text_file: (args: {')
    expect(sdk).toMatch(/read_text_file: \(args: \{[\s\S]*?\}\) => Promise<\{ content: string \}>;/)
    const result = await app.runCode(`
      const dir = ${JSON.stringify(scratch)}
      const summary = []
      for (const name of ['a.md', 'b.md', 'c.txt']) {
        const file = await tools.read_text_file({ path: dir + '/' + name })
        summary.push({ name, lines: file.content.trimEnd().split('\\n').length, first: file.content.split('\\n')[0] })
      }
      return summary`)
    expect(result.isError).toBe(false)
    expect(JSON.parse(textOf(result))).toEqual([
      { name: 'a.md', lines: 2, first: '# Alpha' },
      { name: 'b.md', lines: 3, first: '# Beta' },
      { name: 'c.txt', lines: 1, first: 'gamma' },
    ])
    const dispatches = app.session.events.filter((event) => event.type === 'tool/code-dispatch')
    expect(dispatches.map((event) => [event.name, event.isError])).toEqual([
      ['read_text_file', false],
      ['read_text_file', false],
      ['read_text_file', false],
    ])
  })

  it('returns typed values from server-memory', async () => {
    app = await boot()
    await app.root.plugin(McpClient, memory(join(scratch, 'memory.jsonl')))
    const result = await app.runCode(`
      const created = await tools.create_entities({ entities: [
        { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
        { name: 'Engine', entityType: 'machine', observations: [] },
      ] })
      await tools.create_relations({ relations: [{ from: 'Ada', to: 'Engine', relationType: 'programmed' }] })
      const graph = await tools.read_graph({})
      return { created: created.entities.length, names: graph.entities.map((e) => e.name), relation: graph.relations[0].relationType }`)
    expect(textOf(result)).not.toContain('failed')
    expect(JSON.parse(textOf(result))).toEqual({ created: 2, names: ['Ada', 'Engine'], relation: 'programmed' })
  })

  it('mixes text and typed results from server-everything and catches its error results', async () => {
    app = await boot()
    await app.root.plugin(McpClient, everything())
    const result = await app.runCode(`
      const echo = await tools.echo({ message: 'ping' })
      const sum = await tools['get-sum']({ a: 1, b: 2 })
      const weather = await tools['get-structured-content']({ location: 'New York' })
      let failure = ''
      try {
        await tools['get-sum']({ a: 'x', b: 2 })
      } catch (error) {
        failure = error instanceof ToolCallError ? error.tool + ': ' + (error.message.includes('Invalid') ? 'invalid' : error.message) : 'other'
      }
      return { echo, sum, weatherType: typeof weather, hasTemperature: typeof weather.temperature === 'number', failure }`)
    expect(JSON.parse(textOf(result))).toEqual({
      echo: 'Echo: ping',
      sum: 'The sum of 1 and 2 is 3.',
      weatherType: 'object',
      hasTemperature: true,
      failure: 'get-sum: invalid',
    })
  })

  it('an aborted run cancels the in-flight sub-call on the server', async () => {
    app = await boot()
    await app.root.plugin(McpClient, tiny())
    const abort = new AbortController()
    whenCalled(app.root, 'wait_for_cancel', () => abort.abort(new Error('stop')))
    const pending = app.runCode('await tools.wait_for_cancel({}); return "not reached"', abort.signal)
    const result = await pending
    expect(result.error?.code).toBe('CODE_RUN_FAILED')
    expect(textOf(await app.call('cancelled'))).toBe('1')
  })

  it('a server killed mid-run fails the program with an error naming it, and its tools leave the SDK', async () => {
    app = await boot()
    await app.root.plugin(McpClient, tiny())
    const pid = Number(textOf(await app.call('pid')))
    whenCalled(app.root, 'hang', () => process.kill(pid, 'SIGKILL'))
    const pending = app.runCode('await tools.hang({}); return "not reached"')
    const result = await pending
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('MCP server "tiny"')
    expect(textOf(result)).toContain('closed the connection during "hang"')
    const sdk = (await app.root.systemPrompt.assemble()).system
    expect(sdk).not.toContain('hang:')
  })
})
