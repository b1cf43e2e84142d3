import { configProblems } from '../src/config.ts'
import { describe, expect, it } from 'vitest'

describe('McpClient config', () => {
  it('accepts a stdio or an HTTP server', () => {
    expect(
      configProblems({
        name: 'fs',
        command: 'npx',
        args: ['-y', 'x'],
        env: { A: 'b' },
        namespace: true,
        concurrencySafe: true,
      }),
    ).toEqual([])
    expect(
      configProblems({ name: 'remote', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t' } }),
    ).toEqual([])
  })

  it.each([
    ['no transport', { name: 'x' }, 'give exactly one of command (stdio) or url'],
    ['both transports', { name: 'x', command: 'a', url: 'http://h/' }, 'give exactly one of command'],
    ['a bad name', { name: 'my server', command: 'a' }, 'name: must be 1-64 letters'],
    ['non-string args', { name: 'x', command: 'a', args: [1] }, 'args: must be an array of strings'],
    ['a relative url', { name: 'x', url: '/mcp' }, 'url: must be an absolute http(s) URL'],
    ['a bad timeout', { name: 'x', command: 'a', timeoutMs: -1 }, 'timeoutMs: must be a positive integer'],
    [
      'a non-boolean concurrencySafe',
      { name: 'x', command: 'a', concurrencySafe: 'yes' },
      'concurrencySafe: must be true or false',
    ],
  ])('names the field and the fix for %s', (_case, config, problem) => {
    expect(configProblems(config).join('\n')).toContain(problem)
  })
})
