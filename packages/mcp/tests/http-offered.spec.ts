// What tools/list offers is the same for every session of an HTTP server, so it is learned
// once per tool change: neither a new session nor a stateless request assembles the prompt and
// the SDK again to check a tools/call's name.
import { afterEach, describe, expect, it } from 'vitest'
import type { Context } from 'cordis'
import { type HttpFixture, resultText, serveHttp } from './http-helpers.ts'

let fixture: HttpFixture | undefined
afterEach(async () => {
  await fixture?.dispose()
  fixture = undefined
})

const run = (code: string) => ({ name: 'run_code', arguments: { code, description: 'test' } })

/** Count the prompt's assemblies from now on. */
function countAssemblies(root: Context): { readonly count: number } {
  const counter = { count: 0 }
  root.on('system-prompt/assemble', (_scope, next) => {
    counter.count += 1
    return next()
  })
  return counter
}

describe('the names a tools/call may use, shared by every session of an HTTP server (R-96)', () => {
  it('stateless requests assemble the prompt once, and again only after the tool set changed', async () => {
    fixture = await serveHttp({ stateless: true })
    const assemblies = countAssemblies(fixture.app.root)
    const client = await fixture.client()
    expect(resultText(await client.callTool(run('return 1')))).toBe('1')
    expect(resultText(await client.callTool(run('return 2')))).toBe('2')
    expect(assemblies.count).toBe(1)
    await fixture.app.root.plugin({
      name: 'late-tool',
      inject: ['tools'],
      apply: (ctx: Context) =>
        void ctx.tools.register({
          name: 'late',
          parameters: { type: 'object' },
          execute: async () => [{ type: 'text', text: 'late' }],
        }),
    })
    expect(resultText(await client.callTool(run('return await tools.late({})')))).toBe('late')
    expect(assemblies.count).toBe(2)
  })

  it('a new session calls without assembling again; an unknown name is still refused in each', async () => {
    fixture = await serveHttp()
    const assemblies = countAssemblies(fixture.app.root)
    const [a, b] = [await fixture.client(), await fixture.client()]
    expect(resultText(await a.callTool(run('return "a"')))).toBe('a')
    expect(resultText(await b.callTool(run('return "b"')))).toBe('b')
    expect(assemblies.count).toBe(1)
    await expect(b.callTool({ name: 'pid', arguments: {} })).rejects.toThrow(/Unknown tool: "pid" is not offered/)
  })
})
