import { describe, expect, it } from 'vitest'
import { argumentPaths, callFailureText } from '../src/code-mode/call-error.ts'
import { codeFrame, explainProgramError, FRAME_WIDTH, missingMemberHint } from '../src/code-mode/program-error.ts'

describe('codeFrame', () => {
  it('quotes the line with a caret under the column', () => {
    expect(codeFrame('const a = 1\nreturn await tools.ech({ a })', 2, 20)).toBe(
      '2 | return await tools.ech({ a })\n  |                    ^',
    )
  })

  it('keeps tabs so the caret lines up, and widens the gutter for long line numbers', () => {
    const program = `${'\n'.repeat(11)}\t\tx.y = 1`
    expect(codeFrame(program, 12, 4)).toBe('12 | \t\tx.y = 1\n   | \t\t ^')
  })

  it(`shows at most ${FRAME_WIDTH} characters of a long line around the column`, () => {
    const line = `${'a'.repeat(300)}BAD${'b'.repeat(300)}`
    const frame = codeFrame(line, 1, 301) ?? ''
    const [quoted, caret] = frame.split('\n')
    expect(quoted?.length).toBeLessThan(FRAME_WIDTH + 10)
    expect(quoted?.indexOf('BAD')).toBe(caret?.indexOf('^'))
    expect(quoted).toMatch(/^1 \| …a+BADb+…$/)
  })

  it('handles CRLF and U+2028 line ends like V8, and ignores positions outside the program', () => {
    expect(codeFrame('a\r\nb\u2028 c', 3, 2)).toBe('3 |  c\n  |  ^')
    expect(codeFrame('a', 2, 1)).toBeUndefined()
    expect(codeFrame('a', 1, 9)).toBeUndefined()
  })
})

describe('explainProgramError', () => {
  const names = ['everything__echo', 'everything__get-sum', 'read_file']

  it('adds the frame and, for a missing member, up to 3 closest names', () => {
    expect(
      explainProgramError(
        'TypeError: tools.echo is not a function (at 1:20)',
        'return await tools.echo({ message: "hi" })',
        names,
      ),
    ).toBe(
      [
        'TypeError: tools.echo is not a function (at 1:20)',
        '1 | return await tools.echo({ message: "hi" })',
        '  |                    ^',
        'There is no tool named "echo"; did you mean tools.everything__echo?',
      ].join('\n'),
    )
  })

  it('points a name with no close match at $search, and leaves messages without a position alone', () => {
    expect(missingMemberHint('TypeError: tools.zzzzzzzzzzzzzzzz is not a function', names)).toBe(
      'There is no tool named "zzzzzzzzzzzzzzzz"; find tools with tools.$search("words")',
    )
    expect(missingMemberHint('TypeError: tools.read_file is not a function', names)).toBeUndefined()
    expect(explainProgramError('CPU budget of 100 ms exceeded', 'while (true) {}', names)).toBe(
      'CPU budget of 100 ms exceeded',
    )
  })

  it('quotes non-identifier suggestions with bracket access', () => {
    expect(missingMemberHint('TypeError: tools.get_sum is not a function', names)).toBe(
      'There is no tool named "get_sum"; did you mean tools["everything__get-sum"]?',
    )
  })
})

describe('failed calls', () => {
  it('finds the argument path in the registry, Zod 4 and Zod 3 / JSON Schema formats', () => {
    expect(
      argumentPaths('invalid arguments for add:\n- args.b: expected a number\n- args.items[0].name: required'),
    ).toEqual(['args.b', 'args.items[0].name'])
    expect(
      argumentPaths(
        'MCP error -32602: Input validation error: Invalid arguments for tool echo: Invalid input: expected string, received undefined at message',
      ),
    ).toEqual(['args.message'])
    expect(
      argumentPaths('Invalid arguments: [{"code":"invalid_type","path":["items",0,"my-key"],"message":"Required"}]'),
    ).toEqual(['args.items[0]["my-key"]'])
    expect(argumentPaths('{"instancePath":"/query/limit","message":"must be integer"}')).toEqual(['args.query.limit'])
    expect(argumentPaths('boom from fail')).toEqual([])
  })

  it('names the SDK member, the code, the server message and the wrong argument', () => {
    const result = {
      callId: 'c',
      isError: true,
      content: [
        {
          type: 'text' as const,
          text: 'MCP error -32602: Input validation error: Invalid arguments for tool echo: Invalid input: expected string, received undefined at message',
        },
      ],
      error: { name: 'McpBridgeError', code: 'TOOL_ERROR' },
    }
    expect(callFailureText('everything__echo', result)).toBe(
      'tools.everything__echo failed (TOOL_ERROR): MCP error -32602: Input validation error: Invalid arguments for tool echo: Invalid input: expected string, received undefined at message; wrong argument: args.message',
    )
    expect(callFailureText('my-tool', { callId: 'c', isError: true, content: [] })).toBe(
      'tools["my-tool"] failed: tool call failed',
    )
  })
})
