import { CliError } from '@isocode/cli'
import { parseCommandLine } from '../src/args.ts'
import { describe, expect, it } from 'vitest'

const usageError = (argv: string[]): CliError => {
  try {
    parseCommandLine(argv)
  } catch (error) {
    if (error instanceof CliError) return error
    throw error
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`)
}

describe('parseCommandLine', () => {
  it('parses run with repeated --mcp, --tools and budgets', () => {
    expect(
      parseCommandLine(['run', 'p.ts', '--mcp', 'a b', '--mcp', 'c', '--tools', 't.ts', '--wall-ms', '900']),
    ).toMatchObject({
      command: 'run',
      program: 'p.ts',
      mcp: ['a b', 'c'],
      tools: 't.ts',
      budgets: { wallMs: 900 },
      workspace: false,
    })
  })

  it('routes --help everywhere', () => {
    expect(parseCommandLine([])).toEqual({ command: 'help', topic: undefined })
    expect(parseCommandLine(['--help'])).toEqual({ command: 'help', topic: undefined })
    expect(parseCommandLine(['run', '--help'])).toEqual({ command: 'help', topic: 'run' })
    expect(parseCommandLine(['serve', '-h'])).toEqual({ command: 'help', topic: 'serve' })
    expect(parseCommandLine(['help', 'sdk'])).toEqual({ command: 'help', topic: 'sdk' })
  })

  it('defaults serve to code mode and accepts both', () => {
    expect(parseCommandLine(['serve'])).toMatchObject({ command: 'serve', mode: 'code' })
    expect(parseCommandLine(['serve', '--mode', 'both'])).toMatchObject({ mode: 'both' })
  })

  it('defaults --isolation to process for run and serve (safe by default), and takes either', () => {
    expect(parseCommandLine(['run', 'p.ts'])).toMatchObject({ command: 'run', isolation: 'process' })
    expect(parseCommandLine(['run', 'p.ts', '--isolation', 'isolate'])).toMatchObject({ isolation: 'isolate' })
    expect(parseCommandLine(['serve'])).toMatchObject({ command: 'serve', isolation: 'process' })
    expect(parseCommandLine(['run', 'p.ts', '--isolation', 'process'])).toMatchObject({ isolation: 'process' })
    expect(parseCommandLine(['serve', '--isolation=isolate'])).toMatchObject({ isolation: 'isolate' })
    expect(parseCommandLine(['sdk'])).not.toHaveProperty('isolation')
  })

  it('takes repeated --concurrent server names for serve and run', () => {
    expect(
      parseCommandLine(['serve', '--mcp', 'a=npx a', '--mcp', 'b=npx b', '--concurrent', 'a', '--concurrent', 'b']),
    ).toMatchObject({ concurrent: ['a', 'b'] })
    expect(parseCommandLine(['run', 'p.ts', '--mcp', 'npx a'])).not.toHaveProperty('concurrent')
  })

  it('reads sdk --sdk-bytes (old name --budget) as whole bytes (absent = the registry default)', () => {
    expect(parseCommandLine(['sdk'])).toMatchObject({ command: 'sdk', budgets: {} })
    expect(parseCommandLine(['sdk', '--sdk-bytes', '4096', '--tools', 'list.json'])).toMatchObject({
      budgets: { sdkBytes: 4096 },
      tools: 'list.json',
    })
    expect(parseCommandLine(['sdk', '--budget=0'])).toMatchObject({ budgets: { sdkBytes: 0 } })
  })

  it('takes --tool-calls (old name --max-tool-calls) for run and serve (absent when not given)', () => {
    expect(parseCommandLine(['run', 'p.ts', '--tool-calls', '50'])).toMatchObject({
      command: 'run',
      budgets: { toolCalls: 50 },
    })
    expect(parseCommandLine(['serve', '--max-tool-calls=2000'])).toMatchObject({
      command: 'serve',
      budgets: { toolCalls: 2000 },
    })
    expect(parseCommandLine(['run', 'p.ts'])).not.toHaveProperty('budgets')
  })

  it('maps every limit flag one to one onto the facade budget of the same name (R-140)', () => {
    const argv = ['--cpu-ms', '500', '--wall-ms', '600', '--memory-mb', '32', '--output-bytes', '4096']
    expect(parseCommandLine(['run', 'p.ts', ...argv, '--tool-calls', '9', '--sdk-bytes', '100'])).toMatchObject({
      budgets: { cpuMs: 500, wallMs: 600, memoryMb: 32, outputBytes: 4096, toolCalls: 9, sdkBytes: 100 },
    })
    expect(() => parseCommandLine(['run', 'p.ts', '--wall-ms', '100', '--cpu-ms', '500'])).toThrow(
      '--wall-ms (100) must be at least --cpu-ms (500); raise --wall-ms',
    )
    expect(() => parseCommandLine(['run', 'p.ts', '--tool-calls', '3', '--max-tool-calls', '4'])).toThrow(
      '--max-tool-calls is the old name of --tool-calls; give one of them',
    )
  })

  it('takes --store and repeated --approve for run and serve', () => {
    expect(
      parseCommandLine(['run', 'p.ts', '--store', 'file:runs.db', '--approve', 'mem__*', '--approve', 'destructive']),
    ).toMatchObject({ store: 'file:runs.db', approve: ['mem__*', 'destructive'] })
    expect(parseCommandLine(['serve', '--store=memory:'])).toMatchObject({ store: 'memory:' })
    expect(parseCommandLine(['run', 'p.ts'])).not.toHaveProperty('store')
  })

  it('takes --cpu-ms and --wall-ms for run and serve (absent from serve when not given)', () => {
    expect(parseCommandLine(['run', 'p.ts', '--cpu-ms', '500', '--wall-ms=1000'])).toMatchObject({
      command: 'run',
      budgets: { cpuMs: 500, wallMs: 1000 },
    })
    expect(parseCommandLine(['serve', '--cpu-ms=500', '--wall-ms', '1000'])).toMatchObject({
      command: 'serve',
      budgets: { cpuMs: 500, wallMs: 1000 },
    })
    expect(parseCommandLine(['serve'])).not.toHaveProperty('budgets')
    expect(() => parseCommandLine(['serve', '--wall-ms', '0'])).toThrow(
      '--wall-ms must be a whole number of milliseconds from 1 to 86400000; got 0',
    )
  })

  it('takes --no-check for run and serve (the check before the run stays on when not given)', () => {
    expect(parseCommandLine(['run', 'p.ts', '--no-check'])).toMatchObject({ command: 'run', check: false })
    expect(parseCommandLine(['serve', '--no-check'])).toMatchObject({ command: 'serve', check: false })
    expect(parseCommandLine(['run', 'p.ts'])).not.toHaveProperty('check')
  })

  it.each([
    [['frob'], 'unknown command "frob"', 'isocode --help'],
    [
      ['run', 'a.ts', '--max-tool-calls', '0'],
      '--max-tool-calls must be a whole number of tool calls >= 1; got 0',
      'isocode run --help',
    ],
    [
      ['serve', '--max-tool-calls', '1.5'],
      '--max-tool-calls must be a whole number of tool calls >= 1; got 1.5',
      'isocode serve --help',
    ],
    [['sdk', '--max-tool-calls', '5'], "Unknown option '--max-tool-calls'", 'isocode sdk --help'],
    [['run'], 'needs a program file', 'isocode run --help'],
    [['run', 'a.ts', 'b.ts'], 'takes one program file, got 2', 'isocode run --help'],
    [['run', 'a.ts', '--bogus'], "Unknown option '--bogus'", 'isocode run --help'],
    [
      ['run', 'a.ts', '--wall-ms', 'soon'],
      '--wall-ms must be a whole number of milliseconds from 1 to 86400000; got "soon"',
      'isocode run --help',
    ],
    [['serve', '--mode', 'native'], '--mode must be "code" or "both"', 'isocode serve --help'],
    [
      ['run', 'a.ts', '--isolation', 'vm'],
      '--isolation must be "isolate" or "process", got "vm"',
      'isocode run --help',
    ],
    [
      ['serve', '--isolation', 'worker'],
      '--isolation must be "isolate" or "process", got "worker"',
      'isocode serve --help',
    ],
    [['sdk', '--isolation', 'process'], "Unknown option '--isolation'", 'isocode sdk --help'],
    [['sdk', 'extra'], 'takes no positional arguments', 'isocode sdk --help'],
    [['sdk', '--budget', '16k'], '--budget must be a whole number of bytes >= 0; got "16k"', 'isocode sdk --help'],
    [
      ['serve', '--concurrent', 'memory'],
      '--concurrent <server> names an --mcp server; give the server with --mcp first',
      'isocode serve --help',
    ],
    [['sdk', '--budget=-1'], '--budget must be a whole number of bytes >= 0; got -1', 'isocode sdk --help'],
  ])('%j fails naming the problem and where help is', (argv, problem, help) => {
    const error = usageError(argv)
    expect(error.code).toBe('USAGE')
    expect(error.message).toContain(problem)
    expect(error.message).toContain(`Run \`${help}\``)
  })
})
