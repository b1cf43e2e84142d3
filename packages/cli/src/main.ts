// The isocode entry, built to dist/main.js and started by bin/isocode.mjs with --no-node-snapshot.
import { parseCommandLine } from './args.ts'
import type { Io } from './io.ts'
import { CliError } from './errors.ts'
import { helpText } from './help.ts'

const io: Io = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  live: { tty: process.stderr.isTTY === true, write: (text) => void process.stderr.write(text) },
  // why: R-142 — only a person at a terminal can answer an approval; piped input never decides one.
  ...(process.stdin.isTTY === true && process.stderr.isTTY === true ? { ask: askOnTerminal } : {}),
}

async function askOnTerminal(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises')
  const terminal = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return await terminal.question(question)
  } finally {
    terminal.close()
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCommandLine(argv)
  switch (parsed.command) {
    case 'help':
      io.out(helpText(parsed.topic))
      return 0
    case 'version':
      io.out('isocode 0.1.0\n')
      return 0
  }
  // why: loaded only when a command runs, so --help and usage errors skip isolated-vm and the MCP SDK.
  const commands = await import('./commands.ts')
  if (parsed.command === 'run') return commands.runCommand(io, parsed)
  if (parsed.command === 'sdk') return commands.sdkCommand(io, parsed)
  if (parsed.command === 'runs') return (await import('./runs-command.ts')).runsCommand(io, parsed)
  if (parsed.command === 'programs') return (await import('./programs-command.ts')).programsCommand(io, parsed)
  return commands.serveCommand(io, parsed)
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  io.err(
    `isocode: ${error instanceof CliError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  // why: never process.exit() here: isolates and MCP children are disposed, let the loop drain.
  process.exitCode = 1
}
