import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { connectStdio, createCodeModeServer } from '@isocode/mcp'
import type { HttpServeOptions, Isolation, ProgramOptions, ToolSourceOptions } from './args.ts'
import { bootApp } from './app.ts'
import type { CliApp } from './app.ts'
import { counted } from './counted.ts'
import { CliError } from './errors.ts'
import type { Io } from './io.ts'
import { sameToolsFlags } from './pause.ts'
import { driveRun } from './run-program.ts'
import { DEFAULT_APPROVAL_WAIT_S, serveApprovals } from './serve-approvals.ts'

/** Boot the app of `options`, use it, and dispose it whatever happens. */
export async function withApp<T>(options: Parameters<typeof bootApp>[0], use: (app: CliApp) => Promise<T>): Promise<T> {
  const app = await bootApp(options)
  try {
    return await use(app)
  } finally {
    await app.dispose()
  }
}

/** Whether `code` holds nothing but whitespace and comments. */
function isEmptyProgram(code: string): boolean {
  return code.replaceAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').trim() === ''
}

/** `isocode run`: run the program through run_code and print the report; resolves to the exit code. */
export async function runCommand(
  io: Io,
  options: ToolSourceOptions &
    ProgramOptions & {
      program: string
      isolation: Isolation
      json?: boolean
    },
): Promise<number> {
  let code: string
  try {
    code = await readFile(options.program, 'utf8')
  } catch (error) {
    throw new CliError(
      `cannot read the program "${options.program}" (${(error as NodeJS.ErrnoException).code ?? String(error)}); give a path relative to the current folder`,
      'INPUT',
    )
  }
  if (isEmptyProgram(code)) {
    io.err(
      `isocode: warning: "${options.program}" has no statements, so the run does nothing; write the body of an async function, e.g. \`return await tools.list_files({})\`\n`,
    )
  }
  return withApp({ ...options, mode: 'code', log: (line) => io.err(`${line}\n`) }, (app) =>
    driveRun(io, app, {
      code,
      description: `isocode run ${options.program}`,
      json: options.json === true,
      flags: sameToolsFlags(options),
      // why: R-113 — a run is recorded only when a store was given or a call can pause.
      first: (runs, execute) => (app.app.recording ? runs.start(code, execute) : execute()),
    }),
  )
}

/** `isocode sdk`: print the tools:sdk text of the chosen tools. */
export async function sdkCommand(io: Io, options: ToolSourceOptions & ProgramOptions): Promise<number> {
  return withApp({ ...options, mode: 'code', log: (line) => io.err(`${line}\n`) }, async (app) => {
    const { system } = await app.root.systemPrompt.assemble()
    io.out(system.endsWith('\n') ? system : `${system}\n`)
    return 0
  })
}

/** `isocode serve`: serve Code Mode as an MCP server on stdio (or HTTP) until stdin ends or a signal arrives. */
export async function serveCommand(
  io: Io,
  options: ToolSourceOptions &
    ProgramOptions & {
      mode: 'code' | 'both'
      isolation: Isolation
      http?: HttpServeOptions | undefined
      /** `--approval-wait-s`: how long an elicitation may wait for the user's answer. */
      approvalWaitS?: number | undefined
    },
): Promise<number> {
  if (options.http !== undefined) {
    const { serveHttp } = await import('./serve-http.ts')
    return serveHttp(io, { ...options, http: options.http })
  }
  return withApp({ ...options, log: (line) => io.err(`${line}\n`) }, async (app) => {
    const approvals = serveApprovals(app, {
      waitS: options.approvalWaitS ?? DEFAULT_APPROVAL_WAIT_S,
      flags: sameToolsFlags(options),
    })
    // why: R-127 — on stdio the process is the session, so its state scope is its own.
    const server = createCodeModeServer(app.root, { approvals, scope: `stdio:${randomUUID()}` })
    const closed = new Promise<void>((resolve) => {
      const previous = server.onclose
      // oxlint-disable-next-line unicorn/prefer-add-event-listener -- why: the MCP SDK's Protocol only offers the onclose property
      server.onclose = () => {
        previous?.()
        resolve()
      }
    })
    const stop = (): void => void server.close()
    // why: stdout is the MCP channel, so nothing else may be printed there; the end of stdin
    // (the client went away) or a signal ends the server.
    process.stdin.once('end', stop)
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    await connectStdio(server, { log: (line) => io.err(`${line}\n`) })
    io.err(
      `isocode serve: Code Mode (${options.mode}) over ${counted(app.root.tools.visible().length - 1, 'tool')} on stdio, isolation ${app.isolation}\n`,
    )
    await closed
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    process.stdin.off('end', stop)
    return 0
  })
}
