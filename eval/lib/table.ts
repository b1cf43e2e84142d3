// The task report as markdown: the table (one row per task and a totals row), the README block
// around it, and the results page with the method, the fixed prompt sizes and every prompt.
import { cheaper, totals } from './report.ts'
import type { TaskReport } from './report.ts'
import type { PathRecord, TaskRecord } from './run-eval.ts'
import type { EnvId } from './workspace.ts'
import { ENV_IDS } from './workspace.ts'

/** How the table names each environment's tools. */
export const ENV_LABELS: Record<EnvId, string> = {
  filesystem: 'server-filesystem',
  memory: 'server-memory',
  everything: 'server-everything',
  tools500: '500 tools',
}

const n = (value: number): string => value.toLocaleString('en-US')
const pair = (direct: number | string, code: number | string): string => `${direct} / ${code}`
const ms = (value: number): string => (value < 10 ? value.toFixed(1) : n(Math.round(value)))
const mark = (path: PathRecord): string => (path.correct ? '✓' : '✗')

const HEADER = [
  '| task | tools | calls | turns | input tokens | output tokens | tool time (ms) | correct | fewer tokens |',
  '|---|---|---:|---:|---:|---:|---:|:-:|---|',
]

function row(task: TaskRecord): string {
  const { direct: d, code: c } = task
  return `| \`${task.id}\` | ${ENV_LABELS[task.env]} | ${task.calls} | ${pair(d.turns, c.turns)} | ${pair(n(d.inputTokens), n(c.inputTokens))} | ${pair(n(d.outputTokens), n(c.outputTokens))} | ${pair(ms(d.wallMs), ms(c.wallMs))} | ${pair(mark(d), mark(c))} | ${cheaper(d, c, task.calls)} |`
}

/** The task table: every task, then the totals. Each pair of numbers is direct / Code Mode. */
export function taskTable(report: TaskReport): string {
  const d = totals(report.tasks, 'direct')
  const c = totals(report.tasks, 'code')
  const calls = report.tasks.reduce((sum, task) => sum + task.calls, 0)
  const total = `| **total (${report.tasks.length} tasks)** | | ${calls} | ${pair(d.turns, c.turns)} | ${pair(n(d.inputTokens), n(c.inputTokens))} | ${pair(n(d.outputTokens), n(c.outputTokens))} | ${pair(ms(d.wallMs), ms(c.wallMs))} | ${pair(d.correct, c.correct)} | ${cheaper(d, c)} |`
  return [...HEADER, ...report.tasks.map(row), total].join('\n')
}

/** The README's task-table block: one sentence of method, the table, the chart. */
export function readmeBlock(report: TaskReport): string {
  return [
    `${report.tasks.length} tasks over three MCP reference servers started from npm and the 500-tool set, each solved twice by a scripted agent loop making the same tool calls: direct calling (one tool call per turn, every result appended to the context) and Code Mode (one \`run_code\` program per turn). Each pair is direct / Code Mode; input tokens (o200k_base) are summed over the turns, as the context grows. Written by \`pnpm eval\` (method and prompts: [eval/results/tasks.md](eval/results/tasks.md)).`,
    '',
    taskTable(report),
    '',
    '![Input tokens per task, direct calling against Code Mode, log scale](eval/results/tasks.svg)',
  ].join('\n')
}

function promptTable(report: TaskReport): string {
  const rows = ENV_IDS.flatMap((id) => {
    const tokens = report.promptTokens[id]
    return tokens === undefined ? [] : [`| ${ENV_LABELS[id]} | ${n(tokens.direct)} | ${n(tokens.code)} |`]
  })
  return [
    '| tools | direct: system prompt + tool definitions | Code Mode: system prompt with tools:sdk + run_code |',
    '|---|---:|---:|',
    ...rows,
  ].join('\n')
}

const total = (path: { inputTokens: number; outputTokens: number }): number => path.inputTokens + path.outputTokens

const ids = (tasks: readonly TaskRecord[]): string => tasks.map((task) => `\`${task.id}\``).join(', ')

// why: whether direct calling wins a single call depends on the measured fixed parts, so the
// page says what this run found rather than what an earlier one did.
/** What the single-call tasks show, from the measured tokens. */
export function singleCallNote(report: TaskReport): string {
  const single = report.tasks.filter((task) => task.calls === 1)
  const directWins = single.filter((task) => total(task.direct) < total(task.code))
  const head = `Single-call tasks (${ids(single)}) show the fixed cost: one call gains nothing from a program,`
  if (directWins.length > 0) {
    return `${head} so where the run_code schema and the tools:sdk section outweigh the tool definitions (${ids(directWins)}), direct calling reads fewer tokens, and the last column says so.`
  }
  return `${head} yet the run_code schema and the tools:sdk section cost less than the tool definitions of every set here, so Code Mode reads fewer tokens for these too.`
}

/** The results page, eval/results/tasks.md. */
export function resultsPage(report: TaskReport): string {
  return `# Task table: direct tool calling against Code Mode

Written by \`pnpm eval\` (\`eval/run.ts\`) from \`tasks.json\`; never edited by hand. Tokens are
${report.tokenizer}; measured on Node ${report.node} with ${report.packages.map((p) => `\`${p}\``).join(', ')}.

## Method

- Each task is a user prompt with one exact answer. The MCP reference servers are their npm
  packages, started with node over stdio: server-filesystem over a fresh copy of \`fixtures/eval/tree\`, server-memory over an empty graph,
  server-everything; the 500-tool set is \`fixtures/tools/tools-500.json\` with deterministic fake
  executes (\`eval/lib/fake-tools.ts\`) that answer JSON computed from the call.
- The model is a script that replays what a competent model sends (\`eval/tasks/*.ts\`), reading
  each result as text. **Direct calling**: one tool call per turn, its result appended to the
  context, as the AI SDK and the OpenAI and Anthropic loops do. **Code Mode**: one \`run_code\`
  program per turn through the real registry and isolate runtime (supervised child process). With
  500 tools the SDK is the compact section, so Code Mode first looks the tools up with
  \`tools.$describe\` (one more run), as that section tells the model to.
- Both paths make the same tool calls: the registry records every call's tool and arguments on
  both, and a task fails the eval when they differ, or when either answer differs from the
  expected one (the diff is printed).
- A turn is one model request; the last one answers. **Input tokens** are summed over the turns:
  each turn reads the fixed part below plus the conversation so far (the prompt, every call or
  program, every result). **Output tokens** are the calls or programs and the answer. Messages
  are priced by their content (no per-message overhead, which would add to the path with more
  turns). **Tool time** is the wall time of the calls or runs alone; the model's own latency,
  paid once per turn, is not simulated.
- ${singleCallNote(report)} With 500 tools the
  compact section is far smaller than the definitions, and Code Mode stays cheaper even with its
  extra lookup turn.

## The fixed part of every turn (tokens)

${promptTable(report)}

## Results

Each pair is direct / Code Mode.

${taskTable(report)}

![Input tokens per task, direct calling against Code Mode, log scale](tasks.svg)

## The prompts

${report.tasks.map((task) => `- \`${task.id}\` (${ENV_LABELS[task.env]}): ${task.prompt}`).join('\n')}
`
}
