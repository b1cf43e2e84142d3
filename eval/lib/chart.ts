// The task report as an SVG grouped bar chart: one group per task, input tokens of direct calling
// and of Code Mode on a log scale. Hand-written SVG: fifty rectangles need no charting library.
import type { TaskReport } from './report.ts'

// why: two colors that stay apart for common color-vision deficiencies (Okabe-Ito).
const SERIES = [
  { path: 'direct', label: 'direct tool calling', color: '#D55E00' },
  { path: 'code', label: 'Code Mode', color: '#0072B2' },
] as const
const BAR = 12
const GAP = 12
const LEFT = 70
const TOP = 44
const PLOT_HEIGHT = 280
const LABEL_SPACE = 130

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The chart of `report` as a standalone SVG document. */
export function taskChart(report: TaskReport): string {
  const values = report.tasks.flatMap((task) => [task.direct.inputTokens, task.code.inputTokens])
  // why: the axis spans the decades the values fall in, so a 2x difference stays visible.
  const low = Math.floor(Math.log10(Math.max(1, Math.min(...values))))
  const high = Math.max(low + 1, Math.ceil(Math.log10(Math.max(1, ...values))))
  const y = (tokens: number): number =>
    TOP + PLOT_HEIGHT - ((Math.log10(Math.max(1, tokens)) - low) / (high - low)) * PLOT_HEIGHT
  const groupWidth = SERIES.length * BAR + GAP
  const width = LEFT + report.tasks.length * groupWidth + 16
  const height = TOP + PLOT_HEIGHT + LABEL_SPACE
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="18" font-size="13" font-weight="bold">Input tokens per task, summed over its turns (${escape(report.tokenizer)}, log scale)</text>`,
  ]
  SERIES.forEach((series, i) => {
    const x = LEFT + i * 180
    parts.push(
      `<rect x="${x}" y="27" width="10" height="10" fill="${series.color}"/>`,
      `<text x="${x + 16}" y="36">${escape(series.label)}</text>`,
    )
  })
  for (let d = low; d <= high; d++) {
    const at = y(10 ** d)
    parts.push(`<line x1="${LEFT}" x2="${width - 8}" y1="${at}" y2="${at}" stroke="#dddddd"/>`)
    parts.push(`<text x="${LEFT - 6}" y="${at + 4}" text-anchor="end">${(10 ** d).toLocaleString('en-US')}</text>`)
  }
  report.tasks.forEach((task, g) => {
    const x0 = LEFT + g * groupWidth + GAP / 2
    SERIES.forEach((series, s) => {
      const path = task[series.path]
      const top = y(path.inputTokens)
      parts.push(
        `<rect x="${x0 + s * BAR}" y="${top.toFixed(1)}" width="${BAR - 1}" height="${(TOP + PLOT_HEIGHT - top).toFixed(1)}" fill="${series.color}"><title>${escape(task.id)}, ${escape(series.label)}: ${path.inputTokens.toLocaleString('en-US')} tokens in ${path.turns} turns</title></rect>`,
      )
    })
    const middle = x0 + BAR
    const base = TOP + PLOT_HEIGHT + 8
    parts.push(
      `<text x="${middle}" y="${base}" text-anchor="end" transform="rotate(-60 ${middle} ${base})">${escape(task.id)}</text>`,
    )
  })
  parts.push('</svg>', '')
  return parts.join('\n')
}
