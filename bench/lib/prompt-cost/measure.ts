// Price every form on every tool set. A form that fails to load is a row "unavailable: <reason>"
// and a rendering that fails is a cell "unavailable: <reason>"; neither stops the suite.
import { type PromptForm, reasonOf, type Renderer } from './form.ts'
import type { ToolSet } from './sets.ts'
import { type Cost, costOf, TOKENIZER } from './tokens.ts'
import { measuredVersions } from './versions.ts'

/** One priced cell, or why it could not be priced. */
export type Cell = Cost | { unavailable: string }

/** One row: a form and its cells by tool-set id (none when the whole row is unavailable). */
export interface FormRow {
  id: string
  label: string
  what: string
  unavailable?: string
  cells: Record<string, Cell>
}

/** What `bench/results/prompt-cost.json` holds. */
export interface PromptCostReport {
  tokenizer: string
  /** `name@version` of the peers, the AI SDK, the MCP SDK and the tokenizer measured with. */
  packages: string[]
  sets: Array<{ id: string; label: string; tools: number }>
  rows: FormRow[]
}

/** A form after loading: its renderer, or the reason it is unavailable. */
export interface LoadedForm {
  form: PromptForm
  renderer: Renderer | undefined
  unavailable?: string
}

/** Load every form; a throw becomes the form's `unavailable` reason. */
export async function loadForms(forms: readonly PromptForm[]): Promise<LoadedForm[]> {
  const loaded: LoadedForm[] = []
  for (const form of forms) {
    try {
      loaded.push({ form, renderer: await form.load() })
    } catch (error) {
      loaded.push({ form, renderer: undefined, unavailable: reasonOf(error) })
    }
  }
  return loaded
}

/** Render and price every loaded form on every set, in order. */
export async function priceForms(loaded: readonly LoadedForm[], sets: readonly ToolSet[]): Promise<PromptCostReport> {
  const rows: FormRow[] = []
  for (const { form, renderer, unavailable } of loaded) {
    const row: FormRow = { id: form.id, label: form.label, what: form.what, cells: {} }
    if (renderer === undefined) {
      row.unavailable = unavailable ?? 'not loaded'
    } else {
      for (const set of sets) {
        try {
          row.cells[set.id] = costOf(await renderer.render(set))
        } catch (error) {
          row.cells[set.id] = { unavailable: reasonOf(error) }
        }
      }
    }
    rows.push(row)
  }
  return {
    tokenizer: TOKENIZER,
    packages: measuredVersions(),
    sets: sets.map((s) => ({ id: s.id, label: s.label, tools: s.tools.length })),
    rows,
  }
}

/** Load and price in one step. */
export async function measurePromptCost(
  forms: readonly PromptForm[],
  sets: readonly ToolSet[],
): Promise<PromptCostReport> {
  return priceForms(await loadForms(forms), sets)
}

/** The tokens of `form` on `set` in `report`, or undefined when unavailable. */
export function tokensOf(report: PromptCostReport, form: string, set: string): number | undefined {
  const cell = report.rows.find((row) => row.id === form)?.cells[set]
  return cell !== undefined && 'tokens' in cell ? cell.tokens : undefined
}
