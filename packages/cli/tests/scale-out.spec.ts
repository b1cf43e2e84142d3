// Scale-out: two `serve --http --stateless` instances behind nothing but a round-robin client
// (every HTTP request goes to the next instance) answer exactly as one instance does.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServe } from './serve-helpers.ts'
import type { Served } from './serve-helpers.ts'

let dir = ''
const instances: Served[] = []
beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'isocode-scale-')))
  await writeFile(join(dir, 'a.md'), '# A\nalpha\n')
  await writeFile(join(dir, 'b.md'), '# B\nbeta\nbeta again\n')
  const args = ['--http', '127.0.0.1:0', '--stateless', '--isolation', 'isolate']
  instances.push(...(await Promise.all([startServe(args, dir), startServe(args, dir)])))
})
afterAll(async () => {
  for (const served of instances) if (served.child.exitCode === null) served.child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
})

const PROGRAMS = [
  `const { files } = await tools.list_files({}); return files`,
  `const out = {}; for (const f of ['a.md', 'b.md']) out[f] = (await tools.read_file({ path: f })).split('\\n').length; return out`,
  `const { matches } = await tools.search_text({ pattern: 'beta' }); return matches.map((m) => m.path + ':' + m.line)`,
  `throw new Error('same failure everywhere')`,
]

/** A client whose every request goes to the next of `urls` in turn; counts requests per URL. */
async function connect(urls: string[], counts: number[]): Promise<Client> {
  let next = 0
  const roundRobin = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const index = next++ % urls.length
    counts[index] = (counts[index] ?? 0) + 1
    return fetch(urls[index] as string, init)
  }
  const client = new Client({ name: 'round-robin', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(urls[0] as string), { fetch: roundRobin }))
  return client
}

async function answers(client: Client): Promise<unknown[]> {
  const { tools } = await client.listTools()
  const out: unknown[] = [tools.map((tool) => [tool.name, tool.description])]
  for (const code of PROGRAMS) {
    const result = await client.callTool({ name: 'run_code', arguments: { code, description: 'scale-out' } })
    out.push({ isError: result.isError, content: result.content })
  }
  return out
}

describe('two stateless instances behind round robin', () => {
  it('give the same answers as one instance, and both serve requests', async () => {
    const single = await connect([instances[0]?.url as string], [])
    const counts: number[] = []
    const spread = await connect(
      instances.map((served) => served.url),
      counts,
    )
    try {
      const [one, both] = [await answers(single), await answers(spread)]
      expect(both).toEqual(one)
      expect(JSON.stringify(one)).toContain('b.md:3')
      expect(JSON.stringify(one)).toContain('same failure everywhere')
      expect(counts.length).toBe(2)
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(3)
    } finally {
      await single.close()
      await spread.close()
    }
  })

  it('both stop gracefully on SIGTERM', async () => {
    for (const served of instances) served.child.kill('SIGTERM')
    expect(await Promise.all(instances.map(async (served) => served.exit))).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ])
  })
})
