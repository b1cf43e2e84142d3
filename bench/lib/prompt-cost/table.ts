// The prompt-cost report as markdown: the README's token table and the results page.
import type { Cell, FormRow, PromptCostReport } from './measure.ts'

const number = (value: number): string => value.toLocaleString('en-US')
// why: a reason may contain `|` or a newline, which would break the markdown row.
const safe = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ')

function cellText(cell: Cell | undefined, unit: 'tokens' | 'bytes'): string {
  if (cell === undefined) return '—'
  return 'unavailable' in cell ? `unavailable: ${safe(cell.unavailable)}` : number(cell[unit])
}

function rowCells(report: PromptCostReport, row: FormRow, unit: 'tokens' | 'bytes'): string[] {
  if (row.unavailable !== undefined)
    return report.sets.map((_, i) => (i === 0 ? `unavailable: ${safe(row.unavailable ?? '')}` : '—'))
  return report.sets.map((set) => cellText(row.cells[set.id], unit))
}

/** One markdown table of `unit` per form (rows) and tool set (columns). */
export function costTable(report: PromptCostReport, unit: 'tokens' | 'bytes'): string {
  const header = `| ${unit} | ${report.sets.map((set) => set.label).join(' | ')} |`
  const rule = `|---|${report.sets.map(() => '---:').join('|')}|`
  const rows = report.rows.map((row) => `| ${row.label} | ${rowCells(report, row, unit).join(' | ')} |`)
  return [header, rule, ...rows].join('\n')
}

/** The block between the README's prompt-cost markers. */
export function readmeBlock(report: PromptCostReport): string {
  return [
    `What the model reads to know its tools, in ${report.tokenizer} tokens, for the first 0 / 10 / 50 / 500 tools of`,
    '`fixtures/tools/tools-500.json` and the saved tool lists of three MCP reference servers. Written by',
    '`pnpm bench prompt-cost` (method, bytes and every row explained:',
    '[bench/results/prompt-cost.md](bench/results/prompt-cost.md)).',
    '',
    costTable(report, 'tokens'),
    '',
    '![Prompt cost per tool set, log scale](bench/results/prompt-cost.svg)',
  ].join('\n')
}

/** The whole results page: method, both tables, what each row prices. */
export function resultsPage(report: PromptCostReport): string {
  return [
    '# Prompt cost',
    '',
    'Written by `pnpm bench prompt-cost` (bench/prompt-cost.bench.ts); do not edit by hand.',
    '',
    `What the model reads to know its tools, priced in ${report.tokenizer} tokens and UTF-8 bytes. Text`,
    'that goes into a system prompt is priced as it is; tool definitions are priced as compact JSON',
    'with the escapes inside strings decoded, since a provider shows a description to the model as',
    'text. Anthropic publishes no tokenizer for its current models (`@anthropic-ai/tokenizer` 0.0.4 is',
    'the Claude 2 one, which Anthropic says is inaccurate since Claude 3), so only o200k is counted.',
    '',
    `Measured with ${report.packages.map((p) => `\`${p}\``).join(', ')}.`,
    '',
    '## Tokens',
    '',
    costTable(report, 'tokens'),
    '',
    '## Bytes',
    '',
    costTable(report, 'bytes'),
    '',
    '![Prompt cost per tool set, log scale](prompt-cost.svg)',
    '',
    '## Rows',
    '',
    ...report.rows.map((row) => `- **${row.label}**: ${row.what}.`),
    '',
  ].join('\n')
}
