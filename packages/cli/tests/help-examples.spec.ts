// Every example command the help texts, the `run` usage error and the CLI README print is a
// command line the CLI accepts, naming files that exist; the local ones (no npx) really run.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCommandLine } from '../src/args.ts'
import { helpText } from '../src/help.ts'
import { mcpConfigs, splitCommandLine } from '../src/mcp-spec.ts'
import type { Command } from '../src/args.ts'
import { describe, expect, it } from 'vitest'

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, '..', '..', '..')
const bin = join(here, '..', 'bin', 'isocode.mjs')
const TOPICS: Array<Command | undefined> = [undefined, 'run', 'sdk', 'serve']

/** The lines of the "Example(s)" and "client config entry" paragraphs of a help text. */
function examples(text: string): string[] {
  const found: string[] = []
  let inside = false
  for (const line of text.split('\n')) {
    if (/^(Examples?\b|An MCP client config entry)/.test(line)) inside = true
    else if (line.trim() === '') inside = false
    else if (inside) found.push(line.trim())
  }
  return found
}

/** The example in the usage error of `isocode run` without a program. */
function usageExample(): string {
  try {
    parseCommandLine(['run'])
  } catch (error) {
    return /`(isocode run [^`]+)`/.exec(error instanceof Error ? error.message : '')?.[1] ?? ''
  }
  return ''
}

/** An example as `isocode …` words: a command line, or a client config entry's args. */
function commandWords(line: string): string[] {
  if (!line.startsWith('{')) return splitCommandLine(line)
  const entry = JSON.parse(line) as { command: string; args: string[] }
  const [script = '', ...args] = entry.args
  return entry.command === 'node' && existsSync(script.replace('/path/to/isocode', repo))
    ? ['isocode', ...args]
    : [`${entry.command} ${script} (missing)`]
}

/** What is wrong with one example: it does not parse, or names a file that does not exist (from the repo root). */
function problems(line: string): string[] {
  const words = commandWords(line)
  if (words[0] !== 'isocode') return [`${line}: does not start the isocode CLI (${words[0]})`]
  let parsed
  try {
    parsed = parseCommandLine(words.slice(1))
  } catch (error) {
    return [`${line}: ${error instanceof Error ? error.message : String(error)}`]
  }
  const found: string[] = []
  if (parsed.command === 'run' && !existsSync(join(repo, parsed.program)))
    found.push(`${line}: ${parsed.program} does not exist`)
  if ('tools' in parsed && parsed.tools !== undefined && !existsSync(join(repo, parsed.tools)))
    found.push(`${line}: ${parsed.tools} does not exist`)
  for (const server of 'mcp' in parsed ? mcpConfigs(parsed.mcp) : []) {
    if (server.command !== undefined && server.command !== 'npx')
      found.push(`${line}: --mcp runs ${server.command}, not a published package`)
  }
  return found
}

const isLocalRun = (line: string): boolean => line.startsWith('isocode run ') && !line.includes('--mcp')

/** stderr without the live timeline's lines (`isocode: [n] tool  ms  outcome`): warnings and errors only. */
const diagnostics = (stderr: string): string => stderr.replaceAll(/^isocode: \[\d+\] .*\n/gm, '')

function isocode(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: repo, timeout: 50_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
    })
  })
}

describe('examples the CLI prints', () => {
  const lines = [...TOPICS.flatMap((topic) => examples(helpText(topic))), usageExample()]

  it('every help example and the run usage example parse and name existing files', () => {
    expect(lines.length).toBeGreaterThanOrEqual(7)
    expect(lines.flatMap(problems)).toEqual([])
    expect(lines.join('\n')).not.toContain('npx isocode')
  })

  it('the CLI README names only commands and flags the CLI accepts', async () => {
    const readme = await readFile(join(here, '..', 'README.md'), 'utf8')
    const commands = [...readme.matchAll(/`(isocode (?:run|sdk|serve)[^`]*)`/g)].map((match) => match[1] as string)
    expect(commands.length).toBeGreaterThanOrEqual(3)
    // why: synopses carry placeholders (`<program.ts>`, `[...]`, `a|b`); their flags must still exist.
    const concrete = commands.map((command) =>
      command
        .replaceAll(/\[\.\.\.\]|\.\.\./g, '')
        .replaceAll(/<[^>]+>/g, 'x.ts')
        .replaceAll(/[[\]]/g, '')
        .replaceAll(/ (\w+)\|\w+/g, ' $1'),
    )
    const refused = concrete.filter((command) => {
      try {
        parseCommandLine(splitCommandLine(command).slice(1))
        return false
      } catch {
        return true
      }
    })
    expect(refused).toEqual([])
  })

  it('every command line in the sh blocks of the root and CLI READMEs parses and names existing files', async () => {
    const found: string[] = []
    for (const readme of [join(repo, 'README.md'), join(here, '..', 'README.md')]) {
      const text = await readFile(readme, 'utf8')
      for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
        for (const raw of (block[1] as string).split('\n')) {
          // why: `pnpm isocode …` is the same CLI run from the repo; a trailing comment and leading VAR=… are the shell's.
          const line = raw
            .replace(/\s+#.*$/, '')
            .replace(/^(?:[A-Z_]+=\S*\s+)+/, '')
            .replace(/^.*&& /, '')
            .replace(/^pnpm isocode /, 'isocode ')
            .trim()
          if (line.startsWith('isocode ')) found.push(line.replaceAll('$PWD', '.'))
        }
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(4)
    expect(found.flatMap(problems)).toEqual([])
  })

  it('the local run examples run and exit 0', async () => {
    const local = [...new Set(lines.filter(isLocalRun))]
    expect(local.length).toBeGreaterThanOrEqual(1)
    for (const line of local) {
      const outcome = await isocode(splitCommandLine(line).slice(1))
      expect({
        line,
        code: outcome.code,
        stderr: diagnostics(outcome.stderr),
        ok: outcome.stdout.includes('── ok '),
      }).toEqual({ line, code: 0, stderr: '', ok: true })
    }
  })
})
