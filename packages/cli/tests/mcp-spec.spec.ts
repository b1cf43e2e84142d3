import { mcpConfigs, splitCommandLine } from '../src/mcp-spec.ts'
import { describe, expect, it } from 'vitest'

describe('splitCommandLine', () => {
  it('splits on whitespace, groups quotes and honours escapes', () => {
    expect(splitCommandLine(`npx -y "@scope/pkg" '/path with space' a\\ b ""`)).toEqual([
      'npx',
      '-y',
      '@scope/pkg',
      '/path with space',
      'a b',
      '',
    ])
  })

  it('rejects an unclosed quote', () => {
    expect(() => splitCommandLine('node "x')).toThrow(/unclosed " quote/)
  })
})

describe('mcpConfigs', () => {
  it('derives short names from launchers, packages and scripts', () => {
    const names = mcpConfigs([
      'npx -y @modelcontextprotocol/server-memory',
      'node /opt/servers/mcp-server-everything/dist/index.js stdio',
      'uvx mcp-server-git --repository .',
      'https://mcp.example.com/mcp',
    ]).map((config) => config.name)
    expect(names).toEqual(['memory', 'everything', 'git', 'mcp-example-com'])
  })

  it('takes an explicit name, environment words, and namespaces several servers', () => {
    const [a, b] = mcpConfigs([
      'notes=MEMORY_FILE_PATH=/tmp/m.jsonl npx -y @modelcontextprotocol/server-memory',
      'npx server-memory',
    ])
    expect(a).toEqual({
      name: 'notes',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory'],
      env: { MEMORY_FILE_PATH: '/tmp/m.jsonl' },
      namespace: true,
    })
    expect(b).toMatchObject({ name: 'memory', namespace: true })
  })

  it('keeps one server un-namespaced and makes repeated names unique', () => {
    expect(mcpConfigs(['npx a'])[0]).toMatchObject({ name: 'a', namespace: false })
    expect(mcpConfigs(['npx a', 'npx a']).map((config) => config.name)).toEqual(['a', 'a-2'])
  })

  it('marks the servers named by --concurrent concurrency-safe, and only those', () => {
    const configs = mcpConfigs(['notes=npx server-memory', 'npx server-git'], undefined, ['notes'])
    expect(configs.map((config) => [config.name, config.concurrencySafe ?? false])).toEqual([
      ['notes', true],
      ['git', false],
    ])
  })

  it('refuses a --concurrent name that no server has, listing the names there are', () => {
    expect(() => mcpConfigs(['notes=npx server-memory', 'npx server-git'], undefined, ['memory'])).toThrow(
      '--concurrent "memory": no --mcp server has that name; the servers are "notes", "git" (name one with --mcp "name=<command>")',
    )
  })

  it('connects to an http(s) URL over Streamable HTTP', () => {
    expect(mcpConfigs(['remote=https://example.com/mcp'])[0]).toEqual({
      name: 'remote',
      url: 'https://example.com/mcp',
      namespace: false,
    })
  })
})
