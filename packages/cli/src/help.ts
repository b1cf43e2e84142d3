import type { Command } from './args.ts'

const TOOL_FLAGS = `Tools (default: the read-only workspace toolset over the current folder):
  --mcp "<command line>"     start an MCP server over stdio and use its tools (repeatable);
                             "name=<command line>" names it, leading KEY=value words set its
                             environment, an http(s) URL connects over Streamable HTTP; with
                             several servers tools are named server__tool
  --tools <module>           a module whose default export is ToolDefinition[] or a Cordis plugin
  --workspace                also add the workspace toolset (list_files, read_file, search_text)
  --root <dir>               the folder the workspace toolset may read (default: current folder)
  --handshake-ms <ms>        how long each --mcp server may take to start and answer the MCP
                             handshake (default 15000)
  --concurrent <server>      that --mcp server's tools are safe to run at once: calls to them
                             under Promise.all overlap (up to 4) instead of queueing (repeatable)
  -h, --help                 show this help`

/** The flags `run` and `serve` share (limits, the check, the store and approvals), written once. */
const runFlags = (subject: string): string => `  --cpu-ms <ms>              CPU budget of ${subject} (default 5000)
  --wall-ms <ms>             wall-clock budget of ${subject} (default 30000, raised to --cpu-ms)
  --memory-mb <n>            heap limit of ${subject} in MB (default 64)
  --output-bytes <n>         bytes of logs and returned value kept (default 65536)
  --tool-calls <n>           tool calls ${subject} may make (default 1000); the next one is
                             not run and the run fails with tool-call-limit (old name
                             --max-tool-calls)
  --sdk-bytes <n>            byte budget of the tools:sdk section (default 16384)
  --no-check                 run without the check before the run (by default a program with
                             an unknown tool, a missing or unknown argument or a syntax error
                             runs nothing and fails with kind check)
  --store <url>              record runs in memory:, file:<path> (SQLite) or postgres://…, so a
                             run paused at a gated call can be decided later (isocode runs)
  --approve <tool glob>      calls to matching tools need approval (repeatable; * and ?);
                             --approve destructive gates every MCP tool annotated destructiveHint`

const TEXT: Record<Command | 'main', string> = {
  main: `isocode — Code Mode for MCP servers: run TypeScript programs against a typed tools SDK.

Usage:
  isocode run <program.ts> [--mcp "<command>"]... [--tools <module>] [--isolation process|isolate]
  isocode sdk [--mcp "<command>"]... [--tools <tools-list.json>] [--sdk-bytes <bytes>] [--store <url>]
  isocode serve [--mcp "<command>"]... [--mode code|both] [--isolation process|isolate]
                [--http [host:]port [--stateless] [--token-env NAME]]
  isocode runs list|show|approve|reject|resume|cancel|rollback [run id] --store <url>
  isocode programs list|save|show|rm [name] --store <url>

Commands:
  run     run a program through run_code; print its logs, return value, tool calls and budget
  sdk     print the tools:sdk text (the TypeScript declaration programs are written against)
  serve   serve Code Mode (run_code with the SDK in its description) as an MCP server on stdio,
          or over Streamable HTTP for many clients with --http
  runs    list, show, decide, resume, cancel or roll back the runs recorded in a --store
  programs list, save, show or remove the saved programs of a --store (programs.<name> in the SDK)

Run \`isocode <command> --help\` for the flags of a command.`,
  run: `isocode run <program.ts> [flags]

Runs the program (the body of an async function; \`await tools.name(args)\`, \`return\` a value)
through run_code in a fresh V8 isolate, then prints the logs, the returned value, a timeline of
tool calls (name, ms, ok/error) and the budget used. Exit code 0 when the program succeeded,
1 when it failed, 3 when it paused at a call --approve gates and no one at a terminal decided it
(the run id and the command that decides it are printed; give --store to decide it later). The isolate lives in a supervised child process, so a program that aborts V8
fails with \`memory\` instead of ending isocode; --isolation isolate runs it in this process
(trusted programs only). While it runs, each tool call is shown on stderr as it finishes (with a
running counter on a terminal, plain lines otherwise). Ctrl-C (SIGINT) aborts the run: the tool
in flight is aborted and the report shows the logs so far; the exit code is then 130.

  --json                     print only the structured result (value, logs, usage, error) as
                             JSON on stdout, and nothing while it runs
${runFlags('the run')}
  --isolation <kind>         process (default: a V8 abort must not end isocode) or isolate
${TOOL_FLAGS}

Examples (from the root of the isocode repository):
  isocode run fixtures/programs/workspace-summary.ts
  isocode run fixtures/programs/memory-graph.ts --mcp "npx -y @modelcontextprotocol/server-memory"`,
  sdk: `isocode sdk [flags]

Prints the tools:sdk prompt section for the chosen tools: what a model (or you) writes
run_code programs against. Over the byte budget the section is compact and the same size at any
tool count: the usage rules, the tool count and tools.$search / tools.$describe, which programs
use to list the groups (tools.$describe()) and find declarations.

  --sdk-bytes <bytes>        byte budget of the section (default 16384; 0 always prints compact;
                             old name --budget)
  --store <url>              also declare the programs saved in this store (file:<path> or
                             postgres://…), as its runs see them
${TOOL_FLAGS}
  --tools <file.json>        also accepts a saved MCP tools/list result, to see what the model sees

Example:
  isocode sdk --tools fixtures/tools/tools-500.json --sdk-bytes 4096`,
  serve: `isocode serve [flags]

Serves Code Mode as an MCP server: run_code, whose description carries the tools:sdk text, so
any MCP client can write programs against the tools. Over stdio by default (one client); with
--http over Streamable HTTP, where many clients share one runtime pool and one set of --mcp
servers. Logs go to stderr. SIGINT/SIGTERM stop it gracefully: running programs finish within
their wall budget, then the servers close and isocode exits 0.

  --mode code|both           code: run_code only (default); both: also the tools themselves
  --isolation <kind>         process (default: a V8 abort must not end the server) or isolate
${runFlags('one program')}
  --approval-wait-s <n>      how long a client that answers elicitation is waited for before
                             the run is returned as paused for run_resume, or a gated tool
                             called directly (--mode both) is denied (default 300)
  --http [host:]port         serve Streamable HTTP at http://host:port/mcp (host default
                             127.0.0.1; port 0 picks a free one)
  --stateless                no sessions: every request stands alone, so N copies can run
                             behind any HTTP load balancer
  --max-runs <n>             programs running at once (default 4)
  --max-queue <n>            programs waiting for a slot (default 32); past that a call gets a
                             JSON-RPC error at once
  --max-session-runs <n>     programs one session may have running and waiting (default half
                             of --max-runs, at least 1); its next call gets a JSON-RPC error at
                             once while other sessions are still served
  --max-connections <n>      open connections at most (default 512); past that a request gets
                             503 and its connection is closed
  --token-env NAME           require "Authorization: Bearer <token>", the token read from the
                             environment variable NAME (strongly advised off loopback)
  --allow-host <host>        also accept this Host name (repeatable; e.g. the load balancer's
                             name); localhost and IP addresses are always accepted
  --allow-origin <origin>    also accept requests from web pages of this origin (repeatable;
                             e.g. https://app.example.com); pages served from localhost,
                             127.x.x.x or [::1] are always accepted, any other Origin gets 403
  --max-body-kb <n>          request body cap (default 1024; 413 beyond)
  --max-sessions <n>         open sessions at most (default 256); a new session at the cap
                             replaces the least recently used idle one (503 only when every
                             session is running a program)
  --session-idle-s <n>       close a session with no request and no open stream for n seconds
                             (default 300); its client gets 404 and initializes again
${TOOL_FLAGS}

Examples (from the root of the isocode repository):
  isocode serve --mcp "npx -y @modelcontextprotocol/server-memory"
  isocode serve --http 8080
  isocode serve --http 0.0.0.0:8080 --stateless --token-env ISOCODE_TOKEN --allow-host isocode.internal

An MCP client config entry (stdio):
  { "command": "node", "args": ["/path/to/isocode/packages/cli/bin/isocode.mjs", "serve"] }`,
  runs: `isocode runs <action> [run id] --store <url> [flags]

Works with the runs recorded in a store (by \`isocode run --store\`, \`serve --store\` or
createCodeMode({ store })), from any process:

  list                       the runs, newest first (--status <status>, --limit <n>)
  show <run id>              a run's status, pending calls and program
  approve <run id>           approve every pending call and resume the run here
  reject <run id>            deny every pending call (--reason <text>) and resume; the program
                             gets a ToolCallError DENIED and goes on
  resume <run id>            resume a run whose calls were decided elsewhere
  cancel <run id>            end a paused run as cancelled
  rollback <run id>          revert the run's applied calls (tools with a revert), newest first

approve, reject and resume run the program again, replaying every recorded call, so they take
the flags of the run (--mcp, --tools, --workspace, --root, --approve, --isolation and the
budgets); \`isocode run\` prints the exact command when a run pauses. Exit codes as for run.

  --store <url>              the store: file:<path> or postgres://… (required)
  --json                     print JSON instead of text
${TOOL_FLAGS}

Example:
  isocode runs approve 0b6f… --store file:runs.db --mcp "npx -y @modelcontextprotocol/server-memory"`,
  programs: `isocode programs <action> [name] --store <url> [flags]

Works with the saved programs of a store; \`isocode run\` and \`serve\` on that store offer each one
to programs as \`programs.<name>(input)\` in the SDK text:

  list                       the saved programs (name, version, stale or not, description)
  save <name>                save a program: --code <file> (its text) or --run <run id> (the
                             program of a recorded run), --description <text> (required) and
                             --input <schema.json> (the input's JSON Schema); saving a name
                             again replaces it with the next version
  show <name>                a saved program's version, output type, the tools it calls and code
  rm <name>                  remove a saved program

save checks the program against the tools, so it takes the flags of run (--mcp, --tools,
--workspace, --root); a program that names a tool they do not offer is refused. Exit code 0 on
success, 1 for a usage error or a refusal (a bad name, code or schema, an unknown program).

  --store <url>              the store: file:<path> or postgres://… (required)
  --json                     print JSON instead of text
${TOOL_FLAGS}

Example:
  isocode programs save weekly --code weekly.ts --description "Sums one week." --store file:runs.db`,
}

/** The help text of `topic` (or the overview). */
export function helpText(topic: Command | undefined): string {
  return `${TEXT[topic ?? 'main']}\n`
}
