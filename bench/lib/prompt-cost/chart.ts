// The prompt-cost report as an SVG grouped bar chart: one group per tool set, one bar per form,
// tokens on a log scale. Hand-written SVG: a few dozen rectangles need no charting library.
import type { PromptCostReport } from './measure.ts'

// why: eight colors that stay apart for common color-vision deficiencies (Okabe-Ito plus grey).
const COLORS = ['#0072B2', '#56B4E9', '#009E73', '#E69F00', '#F0E442', '#CC79A7', '#D55E00', '#999999']
const BAR = 11
const GAP = 18
const LEFT = 64
const TOP = 40
const PLOT_HEIGHT = 300
const LEGEND_ROW = 18

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/`/g, '')

/** The chart for `report` as a standalone SVG document. */
export function costChart(report: PromptCostReport): string {
  const forms = report.rows
  const values = forms.flatMap((row) =>
    Object.values(row.cells).flatMap((cell) => ('tokens' in cell ? [cell.tokens] : [])),
  )
  const decades = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...values))))
  const y = (tokens: number): number => TOP + PLOT_HEIGHT - (Math.log10(Math.max(1, tokens)) / decades) * PLOT_HEIGHT
  const groupWidth = forms.length * BAR + GAP
  const width = LEFT + report.sets.length * groupWidth + 16
  const legendTop = TOP + PLOT_HEIGHT + 56
  const height = legendTop + Math.ceil(forms.length / 2) * LEGEND_ROW + 8
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${LEFT}" y="20" font-size="13" font-weight="bold">What the model reads to know its tools (${escape(report.tokenizer)} tokens, log scale)</text>`,
  ]
  for (let d = 0; d <= decades; d++) {
    const at = y(10 ** d)
    parts.push(`<line x1="${LEFT}" x2="${width - 8}" y1="${at}" y2="${at}" stroke="#dddddd"/>`)
    parts.push(`<text x="${LEFT - 6}" y="${at + 4}" text-anchor="end">${(10 ** d).toLocaleString('en-US')}</text>`)
  }
  report.sets.forEach((set, g) => {
    const x0 = LEFT + g * groupWidth + GAP / 2
    forms.forEach((row, f) => {
      const cell = row.cells[set.id]
      if (cell === undefined || !('tokens' in cell)) return
      const top = y(cell.tokens)
      parts.push(
        `<rect x="${x0 + f * BAR}" y="${top.toFixed(1)}" width="${BAR - 1}" height="${(TOP + PLOT_HEIGHT - top).toFixed(1)}" fill="${COLORS[f % COLORS.length]}"><title>${escape(row.label)}, ${escape(set.label)}: ${cell.tokens.toLocaleString('en-US')} tokens</title></rect>`,
      )
    })
    // why: full labels overlap at this width; the set's id over its tool count fits a group.
    const [first, second] = /^\d+$/.test(set.id) ? [`${set.tools} tools`, ''] : [set.id, `(${set.tools} tools)`]
    const middle = x0 + (forms.length * BAR) / 2
    parts.push(`<text x="${middle}" y="${TOP + PLOT_HEIGHT + 16}" text-anchor="middle">${escape(first)}</text>`)
    if (second !== '')
      parts.push(`<text x="${middle}" y="${TOP + PLOT_HEIGHT + 30}" text-anchor="middle">${escape(second)}</text>`)
  })
  forms.forEach((row, f) => {
    const x = LEFT + (f % 2) * 300
    const top = legendTop + Math.floor(f / 2) * LEGEND_ROW
    const note = row.unavailable === undefined ? '' : ' (unavailable)'
    parts.push(`<rect x="${x}" y="${top - 9}" width="10" height="10" fill="${COLORS[f % COLORS.length]}"/>`)
    parts.push(`<text x="${x + 16}" y="${top}">${escape(row.label)}${note}</text>`)
  })
  parts.push('</svg>', '')
  return parts.join('\n')
}
