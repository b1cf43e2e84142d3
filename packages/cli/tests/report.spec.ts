import { renderReport, timeline } from '../src/report.ts'
import { withUsage } from '@isocode/code-runtime'
import type { SessionEvent } from '@isocode/harness'
import type { ResolvedIsolateRuntimeConfig } from '@isocode/isolate-runtime'
import { describe, expect, it } from 'vitest'

const budgets: ResolvedIsolateRuntimeConfig = {
  poolSize: 1,
  memoryMb: 64,
  cpuMs: 5_000,
  wallMs: 30_000,
  outputBytes: 65_536,
  maxRunsPerIsolate: 500,
  pollMicros: 100,
  spareIdleMs: 10_000,
}
const events: SessionEvent[] = [
  {
    type: 'tool/code-dispatch',
    callId: 'r:code:1',
    parentCallId: 'r',
    name: 'read_file',
    arguments: {},
    isError: false,
    content: 'x',
  },
  {
    type: 'tool/code-dispatch',
    callId: 'other:code:1',
    parentCallId: 'other',
    name: 'ignored',
    arguments: {},
    isError: false,
    content: '',
  },
  {
    type: 'tool/code-dispatch',
    callId: 'r:code:2',
    parentCallId: 'r',
    name: 'read_file',
    arguments: {},
    isError: true,
    content: 'no such file\nmore',
    error: { name: 'WorkspaceError', code: 'NOT_FOUND' },
  },
]

const echo = (ms: number) => ({ name: 'echo', ms, ok: true })

describe('the run report', () => {
  it('builds the timeline of one run from its dispatch events and measured durations', () => {
    expect(timeline(events, new Map([['r:code:1', 3.4]]), 'r')).toEqual([
      { name: 'read_file', ms: 3.4, ok: true },
      { name: 'read_file', ms: undefined, ok: false, error: 'NOT_FOUND: no such file' },
    ])
  })

  it('prints logs, value, calls, budget and the outcome', () => {
    const text = renderReport({
      result: { callId: 'r', content: [], isError: false },
      run: {
        result: withUsage(
          { logs: ['hello'], value: { n: 1 } },
          { cpuMs: 3.25, wallMs: 41, bindingCalls: 2, bindingMs: 4 },
        ),
        ms: 42,
      },
      calls: timeline(
        events,
        new Map([
          ['r:code:1', 3],
          ['r:code:2', 1],
        ]),
        'r',
      ),
      budgets,
      isolation: 'isolate',
    })
    expect(text).toContain('── logs (1) ')
    expect(text).toContain('hello\n── returned')
    expect(text).toContain('{\n  "n": 1\n}')
    expect(text).toContain('  1  read_file     3 ms  ok\n  2  read_file     1 ms  error NOT_FOUND: no such file')
    expect(text).toContain(
      'wall    42 ms of 30000 ms\ncpu     3.3 ms of 5000 ms (0.07%)\ntools   2 calls, 4.0 ms in the host\noutput  16 B of 64.0 kB',
    )
    expect(text).toContain('memory  limit 64 MB\nruntime isolate (in this process)\n')
    expect(text.trimEnd().endsWith('── ok ' + '─'.repeat(58))).toBe(true)
  })

  it('shows the failure kind and message of a failed run instead of a value', () => {
    const text = renderReport({
      result: { callId: 'r', content: [], isError: true },
      run: {
        result: withUsage(
          { logs: [], error: { kind: 'timeout', message: 'cpu budget of 5000 ms exceeded' } },
          { cpuMs: 5_004, wallMs: 5_001 },
        ),
        ms: 5_001,
      },
      calls: [],
      budgets,
      isolation: 'process',
    })
    expect(text).toContain('runtime process (an isolate in a supervised child process)')
    expect(text).toContain('cpu     5004 ms of 5000 ms (100%)')
    expect(text).not.toContain('── returned')
    expect(text).toContain('── failed (timeout)')
    expect(text.trimEnd().endsWith('cpu budget of 5000 ms exceeded')).toBe(true)
  })

  it('keeps the list a failure text introduces with a trailing ":" in the calls table', () => {
    const failed: SessionEvent = {
      type: 'tool/code-dispatch',
      callId: 'r:code:1',
      parentCallId: 'r',
      name: 'read_file',
      arguments: {},
      isError: true,
      content:
        'invalid arguments for read_file:\n- args.pth: unknown property; did you mean args.path? (properties: path, maxBytes)\n- missing required property args.path',
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    }
    expect(timeline([failed], new Map(), 'r')[0]?.error).toBe(
      'INVALID_ARGS: invalid arguments for read_file: args.pth: unknown property; did you mean args.path? (properties: path, maxBytes); missing required property args.path',
    )
  })

  it('collapses consecutive calls of one tool with one outcome into one row', () => {
    const limit = { name: 'echo', ms: undefined, ok: false, error: 'TOOL_CALL_LIMIT: over budget' }
    const calls = [
      { name: 'read_file', ms: 3, ok: true },
      ...Array.from({ length: 1000 }, (_, i) => echo(i % 3)),
      limit,
      echo(1),
      echo(2),
    ]
    const text = renderReport({
      result: { callId: 'r', content: [], isError: false },
      run: { result: withUsage({ logs: [], value: 1 }, { cpuMs: 1, wallMs: 1 }), ms: 1 },
      calls,
      budgets,
      isolation: 'isolate',
    })
    const table = text.slice(text.indexOf('── tool calls'), text.indexOf('── budget')).trimEnd().split('\n')
    expect(table).toEqual([
      `── tool calls (1004) ${'─'.repeat(43)}`,
      '     1  read_file     3 ms  ok',
      '2-1001  echo        0-2 ms  ok  × 1000',
      '  1002  echo          ? ms  error TOOL_CALL_LIMIT: over budget',
      '  1003  echo          1 ms  ok',
      '  1004  echo          2 ms  ok',
    ])
  })
})
