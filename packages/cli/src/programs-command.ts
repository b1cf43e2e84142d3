// `isocode programs`: the saved programs of a store, listed, saved (checked against the tools of
// the flags given), shown and removed from any process (rule R-126).
import { readFile } from 'node:fs/promises'
import { RegistryError } from '@isocode/registry'
import type { SavedProgram } from '@isocode/registry'
import type { Parsed } from './args.ts'
import { withApp } from './commands.ts'
import { asInputError, CliError } from './errors.ts'
import type { Io } from './io.ts'

type ProgramsOptions = Extract<Parsed, { command: 'programs' }>

// why: the registry's refusals (a bad name, code or schema) are the user's to fix: one line, exit 1.
const told = <T>(work: () => Promise<T>): Promise<T> => asInputError(work, [RegistryError])

async function readText(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    throw new CliError(`${flag} ${path}: ${error instanceof Error ? error.message : String(error)}`, 'INPUT')
  }
}

async function readSchema(path: string): Promise<SavedProgram['inputSchema']> {
  const text = await readText(path, '--input')
  try {
    return JSON.parse(text) as SavedProgram['inputSchema']
  } catch (error) {
    throw new CliError(
      `--input ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      'INPUT',
    )
  }
}

const staleNote = (program: SavedProgram): string =>
  program.stale === undefined ? '' : ` (stale: ${program.stale.message})`

function showLines(program: SavedProgram): string {
  const tools = Object.keys(program.toolHashes)
  const lines = [
    `programs.${program.name} v${program.version}: ${program.description}${staleNote(program)}`,
    `  output: ${program.output}`,
    `  tools: ${tools.length === 0 ? '(none)' : tools.map((tool) => `tools.${tool}`).join(', ')}`,
    ...(program.inputSchema === undefined ? [] : [`  input: ${JSON.stringify(program.inputSchema)}`]),
    '── program',
    program.code.trimEnd(),
  ]
  return `${lines.join('\n')}\n`
}

/** `isocode programs <action>`: resolves to the exit code. */
export async function programsCommand(io: Io, options: ProgramsOptions): Promise<number> {
  return withApp({ ...options, mode: 'code', log: (line) => io.err(`${line}\n`) }, async (cli) => {
    const library = cli.app.programs
    const name = options.name as string
    switch (options.action) {
      case 'list': {
        const list = library.list()
        if (options.json) io.out(`${JSON.stringify(list)}\n`)
        else
          io.out(
            list.length === 0
              ? 'no saved programs\n'
              : list.map((p) => `${p.name}  v${p.version}  ${p.description}${staleNote(p)}\n`).join(''),
          )
        return 0
      }
      case 'show': {
        const program = library.get(name)
        if (program === undefined) throw new CliError(`no saved program "${name}" in ${options.store}`, 'INPUT')
        io.out(options.json ? `${JSON.stringify(program)}\n` : showLines(program))
        return 0
      }
      case 'rm': {
        if (!(await told(() => library.delete(name))))
          throw new CliError(`no saved program "${name}" in ${options.store}`, 'INPUT')
        io.out(options.json ? `${JSON.stringify({ name, removed: true })}\n` : `programs.${name} removed\n`)
        return 0
      }
      default: {
        let code: string
        if (options.code !== undefined) code = await readText(options.code, '--code')
        else {
          const runId = options.run as string
          const run = await cli.app
            .durable(() => () => Promise.reject(new Error('not resumable here')))
            .api()
            .get(runId)
          if (run === undefined)
            throw new CliError(`--run: no run ${JSON.stringify(runId)} in ${options.store}`, 'INPUT')
          code = run.code
        }
        const input = options.input === undefined ? undefined : await readSchema(options.input)
        const saved = await told(() =>
          library.save(name, code, {
            description: options.description as string,
            ...(input === undefined ? {} : { input }),
          }),
        )
        io.out(options.json ? `${JSON.stringify(saved)}\n` : `programs.${saved.name} saved (v${saved.version})\n`)
        return 0
      }
    }
  })
}
