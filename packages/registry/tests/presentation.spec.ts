import {
  defineTool,
  type JsonValue,
  type ToolDefinition,
  type ToolExecution,
  type ToolExecutionResult,
  type ToolOutput,
} from '@isocode/registry'
import {
  fileDiffs,
  isToolCallView,
  isToolResultView,
  presentCallOf,
  presentResultOf,
} from '@isocode/registry/presentation'
import { describe, expect, it } from 'vitest'

const exec = { callId: 'c1', name: 'write_file', arguments: {} } as unknown as ToolExecution

/** A tiny write tool over an in-memory disk, presenting itself as diff cards. */
function writeFileTool(disk: Map<string, string>) {
  return defineTool({
    name: 'write_file',
    description: 'Write a whole file.',
    parameters: {
      path: { type: 'string', required: true },
      content: { type: 'string', required: true },
    },
    async execute(args) {
      const before = disk.get(args.path) ?? null
      disk.set(args.path, args.content)
      // why: the before-image rides in meta so presentResult stays a pure function of the log.
      return { content: [{ type: 'text', text: `wrote ${args.path}` }], meta: { before } }
    },
    // The pending card cannot read the disk (presenters are pure), so it shows the whole new file.
    presentCall: (args) => ({ card: 'diff', title: args.path, diffs: fileDiffs(args.path, null, args.content) }),
    // The completed card shows the applied hunks computed from the logged before-image.
    presentResult: (args, result) => {
      const meta = result.meta
      if (result.isError || typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined
      const before = meta.before
      if (before !== null && typeof before !== 'string') return undefined
      return { card: 'diff', diffs: fileDiffs(args.path, before, args.content, { context: 1 }) }
    },
  })
}

async function run(tool: ToolDefinition<{ path: string; content: string }>, args: { path: string; content: string }) {
  const output: ToolOutput = await tool.execute(args, exec)
  const { content, meta } = Array.isArray(output) ? { content: output, meta: undefined } : output
  return {
    callId: 'c1',
    content,
    isError: false,
    ...(meta === undefined ? {} : { meta }),
  } satisfies ToolExecutionResult
}

describe('a write tool with diff cards', () => {
  it('shows the whole new file while pending and a whole-file diff for a create', async () => {
    const tool = writeFileTool(new Map())
    const args = { path: '/src/a.ts', content: 'one\ntwo\n' }
    expect(presentCallOf(tool, args)).toEqual({
      card: 'diff',
      title: '/src/a.ts',
      diffs: [{ path: '/src/a.ts', oldText: null, newText: 'one\ntwo\n' }],
    })
    const result = await run(tool, args)
    expect(presentResultOf(tool, args, result)).toEqual({
      card: 'diff',
      diffs: [{ path: '/src/a.ts', oldText: null, newText: 'one\ntwo\n' }],
    })
  })

  it('shows the applied hunks with context for an overwrite, from meta alone', async () => {
    const disk = new Map([['/a', 'a\nb\nc\nd\ne\nf\ng\n']])
    const tool = writeFileTool(disk)
    const args = { path: '/a', content: 'a\nB\nc\nd\ne\nF\ng\n' }
    const result = await run(tool, args)
    const expected = {
      card: 'diff',
      diffs: [
        { path: '/a', oldText: 'a\nb\nc\n', newText: 'a\nB\nc\n' },
        { path: '/a', oldText: 'e\nf\ng\n', newText: 'e\nF\ng\n' },
      ],
    }
    expect(presentResultOf(tool, args, result)).toEqual(expected)
    // why: a replay reads the same args and result back from the log, after the disk moved on.
    disk.clear()
    const replayed = JSON.parse(JSON.stringify({ args, result })) as { args: typeof args; result: typeof result }
    expect(presentResultOf(tool, replayed.args, replayed.result)).toEqual(expected)
  })

  it('falls back (undefined) for an error result, an older arg shape or a foreign meta', async () => {
    const tool = writeFileTool(new Map())
    const args = { path: '/a', content: 'x' }
    expect(presentResultOf(tool, args, { content: [], isError: true, meta: { before: null } })).toBeUndefined()
    expect(presentCallOf(tool, { file: '/a', text: 'x' })).toBeUndefined()
    expect(
      presentResultOf(tool, { file: '/a' }, { content: [], isError: false, meta: { before: null } }),
    ).toBeUndefined()
    expect(presentResultOf(tool, args, { content: [], isError: false, meta: [1] as JsonValue })).toBeUndefined()
  })
})

const raw = (presentCall: unknown, presentResult: unknown = presentCall) =>
  ({ name: 'raw', parameters: {}, execute: async () => [], presentCall, presentResult }) as unknown as ToolDefinition

describe('presentCallOf / presentResultOf', () => {
  const snapshot = { content: [{ type: 'text', text: 'out' }], isError: false }
  it('returns a valid view of a raw definition', () => {
    const def = raw(
      (args: { q: string }) => ({
        card: 'generic',
        title: `search ${args.q}`,
        kind: 'search',
        locations: [{ path: '/a', line: 3 }],
      }),
      () => ({ card: 'terminal', output: 'ok', exitCode: 0 }),
    )
    expect(presentCallOf(def, { q: 'x' })).toEqual({
      card: 'generic',
      title: 'search x',
      kind: 'search',
      locations: [{ path: '/a', line: 3 }],
    })
    expect(presentResultOf(def, { q: 'x' }, snapshot)).toEqual({ card: 'terminal', output: 'ok', exitCode: 0 })
  })

  it('calls the presenter with the definition as receiver', () => {
    const def = {
      name: 'self',
      presentCall(this: { name: string }) {
        return { card: 'generic', title: this.name }
      },
    }
    expect(presentCallOf(def, {})).toEqual({ card: 'generic', title: 'self' })
  })

  it.each<[string, unknown]>([
    ['no presenter', undefined],
    ['a non-function presenter', 'nope'],
    [
      'a throwing presenter',
      () => {
        throw new Error('bug')
      },
    ],
    ['a presenter returning garbage', () => ({ card: 'hologram', title: 'x' })],
    ['a presenter returning a promise', async () => ({ card: 'generic', title: 'x' })],
    [
      'a view with a throwing getter',
      () =>
        Object.defineProperty({ card: 'generic' }, 'title', {
          enumerable: true,
          get() {
            throw new Error('boom')
          },
        }),
    ],
  ])('yields undefined for %s', (_name, presenter) => {
    expect(presentCallOf(raw(presenter), {})).toBeUndefined()
    expect(presentResultOf(raw(presenter), {}, snapshot)).toBeUndefined()
  })

  it('yields undefined without a definition or for a malformed result snapshot', () => {
    const def = raw(() => ({ card: 'generic', title: 'x' }))
    expect(presentCallOf(undefined, {})).toBeUndefined()
    expect(presentResultOf(undefined, {}, snapshot)).toBeUndefined()
    expect(presentResultOf(def, {}, { content: 'text', isError: false })).toBeUndefined()
    expect(presentResultOf(def, {}, { content: [{ type: 'text' }], isError: false })).toBeUndefined()
    expect(presentResultOf(def, {}, { content: [] })).toBeUndefined()
    expect(presentResultOf(def, {}, null)).toBeUndefined()
  })
})

describe('view checks', () => {
  it.each<[unknown, boolean]>([
    [{ card: 'generic', title: 't' }, true],
    [{ card: 'generic', title: 't', kind: 'think', rawInput: { id: 1 }, content: [{ type: 'text', text: 'x' }] }, true],
    [{ card: 'generic', title: 't', kind: 'teleport' }, false],
    [{ card: 'generic', title: 't', content: [{ type: 'image', data: 'x' }] }, false],
    [{ card: 'generic', title: 't', locations: [{ path: '/a', line: 1.5 }] }, false],
    [{ card: 'terminal', title: 'ls', description: 'List', cwd: '/' }, true],
    [{ card: 'terminal', title: 'ls', cwd: 1 }, false],
    [{ card: 'diff', title: 'a', diffs: [{ path: '/a', oldText: null, newText: '' }] }, true],
    [{ card: 'diff', title: 'a', diffs: [{ path: '/a', newText: '' }] }, false],
    [{ card: 'diff', diffs: [] }, false],
    [null, false],
  ])('isToolCallView(%j) is %s', (view, expected) => {
    expect(isToolCallView(view)).toBe(expected)
  })

  it.each<[unknown, boolean]>([
    [{ card: 'generic' }, true],
    [{ card: 'generic', title: 'x', content: [{ type: 'resource_link', uri: 'u', name: 'n' }] }, true],
    [{ card: 'terminal', output: 'x', exitCode: 1, signal: 'SIGTERM' }, true],
    [{ card: 'terminal', exitCode: 1.5 }, false],
    [{ card: 'diff', diffs: [{ path: '/a', oldText: 'a', newText: 'b' }] }, true],
    [{ card: 'diff' }, false],
    [{ card: 'generic', title: 3 }, false],
  ])('isToolResultView(%j) is %s', (view, expected) => {
    expect(isToolResultView(view)).toBe(expected)
  })
})
