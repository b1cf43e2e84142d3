// Misuse of createCodeMode: one IsocodeError naming the tool (or option) and the field, thrown
// before anything starts, or after disposing what did start (no child process is left).
import { createCodeMode, IsocodeError } from 'isocode'
import type { CodeModeOptions } from 'isocode'
import { describe, expect, it } from 'vitest'
import { childPids, tinySpec, until } from './helpers.ts'

const echo = {
  description: 'Echo.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  execute: async (args: unknown) => args,
}

async function refusal(options: unknown): Promise<IsocodeError> {
  const error: unknown = await createCodeMode(options as CodeModeOptions).then(
    async (cm) => {
      await cm.close()
      return undefined
    },
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(IsocodeError)
  return error as IsocodeError
}

describe('createCodeMode refuses bad input with one clear error', () => {
  it.each([
    [
      'a schema that is neither JSON Schema nor Standard Schema',
      { tools: { echo: { ...echo, inputSchema: { text: 'string' } } } },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: neither JSON Schema nor a Standard Schema \(~standard\): strict mode: unknown keyword: "text"/,
    ],
    [
      'a misspelled type: the bad value, the allowed ones and the closest',
      { tools: { echo: { ...echo, inputSchema: { type: 'object', properties: { text: { type: 'strng' } } } } } },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: not valid JSON Schema: properties\.text\.type is "strng", not one of "array", "boolean", "integer", "null", "number", "object", "string"; did you mean "string"\?$/,
    ],
    [
      'a keyword with a value of the wrong kind',
      { tools: { echo: { ...echo, inputSchema: { type: 'object', required: 'text' } } } },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: not valid JSON Schema: required must be array \(got "text"\)$/,
    ],
    [
      'a schema that is no object',
      { tools: { echo: { ...echo, inputSchema: 'string' } } },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: must be a JSON Schema object or a Standard Schema/,
    ],
    [
      'a schema of no object type',
      { tools: { echo: { ...echo, inputSchema: { type: 'string' } } } },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: must describe an object/,
    ],
    [
      'an unsupported $schema',
      {
        tools: {
          echo: { ...echo, inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } },
        },
      },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: \$schema .*draft-04.* is not supported/,
    ],
    [
      'a non-function execute',
      { tools: { echo: { ...echo, execute: 'run' } } },
      'INVALID_TOOL',
      /^tools\.echo\.execute: must be a function .*; got string$/,
    ],
    [
      'a missing inputSchema',
      { tools: { echo: { execute: echo.execute } } },
      'INVALID_TOOL',
      /^tools\.echo\.inputSchema: missing/,
    ],
    [
      'the reserved name run_code',
      { tools: { run_code: echo } },
      'INVALID_TOOL',
      /^tools\.run_code: the name "run_code" is Code Mode's own tool/,
    ],
    [
      'an unknown option',
      { tools: {}, isolaton: 'isolate' },
      'INVALID_OPTION',
      /^createCodeMode: unknown option isolaton; did you mean isolation\? \(known: tools, mcp, isolation, budgets, sdk, concurrency, check, store\)$/,
    ],
    [
      'an unknown budget',
      { budgets: { cpu: 5 } },
      'INVALID_OPTION',
      /^createCodeMode: unknown option budgets\.cpu; did you mean budgets\.cpuMs\?/,
    ],
    [
      'a budget out of range',
      { budgets: { memoryMb: 2 } },
      'INVALID_OPTION',
      /^createCodeMode: budgets\.memoryMb must be a whole number of MB from 8 to 16384; got 2$/,
    ],
    [
      'a budget given as a string: the value shown as JSON',
      { budgets: { cpuMs: '5' } },
      'INVALID_OPTION',
      /^createCodeMode: budgets\.cpuMs must be a whole number of milliseconds from 1 to \d+; got "5"$/,
    ],
    [
      'a toolCalls budget given as a string',
      { budgets: { toolCalls: '10' } },
      'INVALID_OPTION',
      /^createCodeMode: budgets\.toolCalls must be a whole number of tool calls >= 1; got "10"$/,
    ],
    [
      'a toolCalls budget below one',
      { budgets: { toolCalls: 0 } },
      'INVALID_OPTION',
      /^createCodeMode: budgets\.toolCalls must be a whole number of tool calls >= 1; got 0$/,
    ],
    [
      'a bad isolation',
      { isolation: 'vm' },
      'INVALID_OPTION',
      /^createCodeMode: isolation must be "process" .* got "vm"$/,
    ],
    [
      'a bad sdk',
      { sdk: 'tiny' },
      'INVALID_OPTION',
      /^createCodeMode: sdk must be "auto", "full" or "compact"; got "tiny"$/,
    ],
    [
      'an MCP spec with an unclosed quote',
      { mcp: ['node "x'] },
      'INVALID_OPTION',
      /^createCodeMode: mcp\[0\] "node "x": unclosed " quote/,
    ],
    [
      'two MCP servers named alike: the fix renames the second, keeping its command line',
      { mcp: ['mem=node a.js', 'mem=node b.js --flag'] },
      'INVALID_OPTION',
      /^createCodeMode: mcp\[1\]: a second MCP server named "mem"; give it another name, e.g. 'mem-2=node b\.js --flag'$/,
    ],
    [
      'two MCP server objects named alike',
      {
        mcp: [
          { name: 'mem', command: 'node' },
          { name: 'mem', command: 'node' },
        ],
      },
      'INVALID_OPTION',
      /^createCodeMode: mcp\[1\]: a second MCP server named "mem"; give it another name, e.g. \{ name: 'mem-2', … \}$/,
    ],
    [
      'an MCP server object without command or url',
      { mcp: [{ name: 'x' }] },
      'INVALID_OPTION',
      /^createCodeMode: mcp\[0\]\.command: give exactly one of command/,
    ],
  ])('%s', async (_label, options, code, message) => {
    const error = await refusal(options)
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })

  it('a tool name that an MCP server has too: DUPLICATE_TOOL naming both, and the server is gone', async () => {
    const before = childPids()
    const error = await refusal({ isolation: 'process', mcp: [tinySpec()], tools: { pid: echo } })
    expect(error.code).toBe('DUPLICATE_TOOL')
    expect(error.message).toMatch(/^tools\.pid: the MCP server "tiny" has a tool named "pid" too; rename the tool/)
    // why: the MCP server and the supervised runtime child were started, so they must be ended.
    expect(await until(() => childPids().every((pid) => before.includes(pid)))).toBe(true)
  })
})
