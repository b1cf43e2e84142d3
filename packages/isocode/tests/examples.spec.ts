import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { AIMessage } from '@langchain/core/messages'
import { fakeModel } from '@langchain/core/testing'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { scriptedModel, toolOutputsIn } from './helpers/ai-model.ts'
import { scriptedServer } from './helpers/scripted-server.ts'
import { chatCompletion, message } from './helpers/wire.ts'

// examples/ at the repo root, run as a user would, against a scripted model; and the README's
// "Use it with …" section, which shows those files verbatim.
const examples = new URL('../../../examples/', import.meta.url)
const read = (name: string) => readFileSync(new URL(name, examples), 'utf8')
// why: a dynamic import keeps examples/ (its own tsc project) out of this project's rootDir.
const load = <Args extends unknown[]>(name: string) =>
  import(/* @vite-ignore */ new URL(name, examples).href) as Promise<{
    main(...args: Args): Promise<string | null | undefined>
  }>

/** The lines of an example beyond its imports, comments and tool definitions (`const forecast`, `const tools`). */
const codeLines = (name: string) =>
  read(name)
    .replace(/^(const forecast|const tools)[\s\S]*?^}\n/gm, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('import ') && !line.trim().startsWith('//'))

const program = [
  "const [paris, oslo] = await Promise.all([tools.get_weather({ city: 'Paris' }), tools.get_weather({ city: 'Oslo' })])",
  'return { warmer: paris.tempC > oslo.tempC ? paris.city : oslo.city, by: Math.abs(paris.tempC - oslo.tempC) }',
].join('\n')

describe('examples/', () => {
  it('ai-sdk.ts answers through one run_code call', async () => {
    const { model, calls } = await scriptedModel([{ code: program }, { text: 'Paris, by 9 °C.' }])
    const { main } = await load<[typeof model]>('ai-sdk.ts')
    expect(await main(model)).toBe('Paris, by 9 °C.')
    expect(toolOutputsIn(calls()[1]!.prompt)).toEqual([{ type: 'text', value: expect.stringMatching(/Paris[\s\S]*9/) }])
  })

  it('openai.ts answers through one run_code call', async () => {
    const server = await scriptedServer([
      chatCompletion({ code: program }, 1),
      chatCompletion({ text: 'Paris, by 9 °C.' }, 2),
    ])
    const { main } = await load<[OpenAI]>('openai.ts')
    const answer = await main(new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1` }))
    await server.close()
    expect(answer).toBe('Paris, by 9 °C.')
    expect((server.requests[1]!.body.messages as { role: string; content: string }[])[2]).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: expect.stringMatching(/Paris[\s\S]*9/),
    })
  })

  it('anthropic.ts answers through one run_code call', async () => {
    const server = await scriptedServer([message({ code: program }, 1), message({ text: 'Paris, by 9 °C.' }, 2)])
    const { main } = await load<[Anthropic]>('anthropic.ts')
    const answer = await main(new Anthropic({ apiKey: 'test-key', baseURL: server.url }))
    await server.close()
    expect(answer).toBe('Paris, by 9 °C.')
    expect((server.requests[1]!.body.messages as { content: unknown }[])[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_1', content: expect.stringMatching(/Paris[\s\S]*9/) },
    ])
  })

  it('langchain.ts answers through one run_code call', async () => {
    const model = fakeModel()
      .respondWithTools([
        { name: 'run_code', args: { code: program, description: 'compare Paris and Oslo' }, id: 'call_1' },
      ])
      .respond(new AIMessage('Paris, by 9 °C.'))
    const { main } = await load<[typeof model]>('langchain.ts')
    expect(await main(model)).toBe('Paris, by 9 °C.')
    expect(String(model.calls[1]!.messages.at(-1)!.content)).toMatch(/Paris[\s\S]*9/)
  })

  it('stay short: the AI SDK one ≤ 5 lines beyond its tools and imports, the others ≤ 15', () => {
    const aiSdk = codeLines('ai-sdk.ts')
    expect(aiSdk.length).toBeLessThanOrEqual(5)
    expect(aiSdk.join('\n')).toContain('await codeModeTool(tools)')
    for (const name of ['openai.ts', 'anthropic.ts', 'langchain.ts']) {
      expect(codeLines(name).length).toBeLessThanOrEqual(15)
      expect(codeLines(name).join('\n')).toContain('await createCodeMode({ tools })')
    }
  })

  it('the README shows each example file verbatim', () => {
    const readme = readFileSync(new URL('../README.md', examples), 'utf8')
    const section = readme.slice(
      readme.indexOf('## Use it with'),
      readme.indexOf('\n## ', readme.indexOf('## Use it with') + 1),
    )
    expect(section.length).toBeGreaterThan(0)
    for (const name of ['tools.ts', 'ai-sdk.ts', 'openai.ts', 'anthropic.ts', 'langchain.ts']) {
      expect(section).toContain(`[\`examples/${name}\`](examples/${name})`)
      expect(section).toContain('```ts\n' + read(name) + '```\n')
    }
  })

  it("first-run.mjs, the README's opening example, runs as plain JavaScript and prints what the README shows", async () => {
    const readme = readFileSync(new URL('../README.md', examples), 'utf8')
    const shown =
      '```js\n' +
      read('first-run.mjs') +
      '```\n\nIt prints what the program logged and returned, the text a model would read:\n\n```text\n'
    const at = readme.indexOf(shown)
    expect(at).toBeGreaterThan(0)
    // why: the newcomer's first screen; the Cordis plugins come after the facade, MCP and the adapters.
    expect(at).toBeLessThan(readme.indexOf('## Code Mode over MCP servers'))
    expect(readme.indexOf('## Use it with')).toBeLessThan(readme.indexOf('## For plugin authors'))
    const output = readme.slice(at + shown.length, readme.indexOf('```', at + shown.length))
    // why: tsx only maps the workspace's TypeScript sources; the example itself is plain .mjs.
    const tsx = pathToFileURL(createRequire(new URL('../package.json', examples)).resolve('tsx')).href
    const file = fileURLToPath(new URL('first-run.mjs', examples))
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--no-node-snapshot', '--conditions=@isocode/source', '--import', tsx, file],
        { timeout: 50_000 },
        (error, out, err) => (error === null ? resolve(out) : reject(new Error(`${error.message}\n${err}`))),
      )
    })
    expect(stdout).toBe(output)
    // why: no TypeScript and no `await using`, so Node itself parses it on every supported line.
    await new Promise<void>((resolve, reject) => {
      execFile(process.execPath, ['--check', file], (error, _out, err) =>
        error === null ? resolve() : reject(new Error(err)),
      )
    })
  }, 60_000)
})
