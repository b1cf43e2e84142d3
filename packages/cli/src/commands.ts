import { readFile } from 'node:fs/promises'
import { connectStdio, createCodeModeServer } from '@isocode/mcp'
import { explainProgramError, RUN_CODE } from '@isocode/registry'
import type { ToolExecutionResult } from '@isocode/registry'
import type { HttpServeOptions, Isolation, ProgramBudgetOptions, ToolSourceOptions } from './args.ts'
import { bootApp } from './app.ts'
import type { CliApp } from './app.ts'
import { counted } from './counted.ts'
import { CliError } from './errors.ts'
import type { Io } from './io.ts'
import { liveTimeline } from './live.ts'
import { renderReport } from './report.ts'

/** The exit code of a run aborted by SIGINT (128 + the signal number, as shells report it). */
export const INTERRUPTED = 130

/** A SIGINT this soon after the first is the same Ctrl-C delivered twice, not a second one. */
const SIGINT_REPEAT_MS = 1000

async function withApp<T>(options: Parameters<typeof bootApp>[0], use: (app: CliApp) => Promise<T>): Promise<T> {
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
    ProgramBudgetOptions & {
      program: string
      cpuMs: number | undefined
      wallMs: number | undefined
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
  return withApp({ ...options, mode: 'code', log: (line) => io.err(`${line}\n`) }, async (app) => {
    const callId = 'isocode-run'
    const watch = app.watchRun(callId)
    const live = options.json === true || io.live === undefined ? undefined : liveTimeline(io.live)
    // why: Ctrl-C aborts the run (the tool in flight too) and the report still shows the logs so far;
    // a second Ctrl-C ends the process the default way. One Ctrl-C can arrive twice (the terminal
    // signals the whole process group, and the launcher forwards what it got), so a repeat within
    // SIGINT_REPEAT_MS of the first is the same keypress.
    const interrupt = new AbortController()
    let firstAt = 0
    const onSigint = (): void => {
      if (!interrupt.signal.aborted) {
        firstAt = performance.now()
        interrupt.abort(new Error('interrupted (SIGINT)'))
      } else if (performance.now() - firstAt > SIGINT_REPEAT_MS) {
        process.off('SIGINT', onSigint)
        process.kill(process.pid, 'SIGINT')
      }
    }
    process.on('SIGINT', onSigint)
    let result
    try {
      result = await app.root.tools.execute({
        callId,
        name: 'run_code',
        arguments: { code, description: `isocode run ${options.program}` },
        signal: interrupt.signal,
        ...(live === undefined ? {} : { onRunEvent: live.listener }),
      })
    } finally {
      process.off('SIGINT', onSigint)
      live?.end()
    }
    const { run, calls, outcome } = watch.take()
    const exit = interrupt.signal.aborted ? INTERRUPTED : result.isError ? 1 : 0
    if (interrupt.signal.aborted) io.err('isocode: interrupted (SIGINT): the run was aborted\n')
    if (options.json === true) {
      io.out(`${JSON.stringify(structuredResult(result))}\n`)
      return exit
    }
    // why: the report explains a failure exactly as run_code explains it to the model (code frame, closest names).
    const names = app.root.tools
      .visible()
      .map((tool) => tool.name)
      .filter((name) => name !== RUN_CODE)
    const explain = (message: string): string => explainProgramError(message, code, names)
    io.out(renderReport({ result, run, calls, budgets: app.budgets, isolation: app.isolation, explain, outcome }))
    return exit
  })
}

/** What `run --json` prints: run_code's structured result with `ok`, or why nothing ran. */
function structuredResult(result: ToolExecutionResult): Record<string, unknown> {
  const structured = result.structuredContent
  if (typeof structured === 'object' && structured !== null && !Array.isArray(structured))
    return { ok: !result.isError, ...structured }
  const message = result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n')
  return { ok: !result.isError, error: { kind: 'refused', message } }
}

/** `isocode sdk`: print the tools:sdk text of the chosen tools. */
export async function sdkCommand(
  io: Io,
  options: ToolSourceOptions & { budget?: number | undefined },
): Promise<number> {
  return withApp(
    { ...options, mode: 'code', sdkBudgetBytes: options.budget, log: (line) => io.err(`${line}\n`) },
    async (app) => {
      const { system } = await app.root.systemPrompt.assemble()
      io.out(system.endsWith('\n') ? system : `${system}\n`)
      return 0
    },
  )
}

/** `isocode serve`: serve Code Mode as an MCP server on stdio (or HTTP) until stdin ends or a signal arrives. */
export async function serveCommand(
  io: Io,
  options: ToolSourceOptions &
    ProgramBudgetOptions & { mode: 'code' | 'both'; isolation: Isolation; http?: HttpServeOptions | undefined },
): Promise<number> {
  if (options.http !== undefined) {
    const { serveHttp } = await import('./serve-http.ts')
    return serveHttp(io, { ...options, http: options.http })
  }
  return withApp({ ...options, log: (line) => io.err(`${line}\n`) }, async (app) => {
    const server = createCodeModeServer(app.root)
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
