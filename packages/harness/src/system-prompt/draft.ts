import { isPlainObject } from '@isocode/code-runtime'
import { HarnessError } from '../errors.ts'
import { toLosslessJson } from '@isocode/code-runtime'
import type { PromptAssembly, PromptDraft, PromptSection, ToolSchema } from './types.ts'

function fail(message: string): never {
  throw new HarnessError(message, 'INVALID_ASSEMBLY')
}

/** A detached copy of a checked schema. */
export function copyTool(tool: ToolSchema): ToolSchema {
  return { ...tool, parameters: detach(tool.parameters, 'copyTool', tool.name) }
}

// why: one lossless-JSON implementation for the whole engine (rule RT-9 in docs/runtime-contract.md), iterative and detached.
function detach(parameters: unknown, where: string, name: string): ToolSchema['parameters'] {
  const copy = toLosslessJson(parameters)
  if (!copy.ok) fail(`${where}: parameters of tool "${name}" are not JSON (${copy.reason})`)
  return copy.value as ToolSchema['parameters']
}

/** Check one wire schema and return a detached copy; `where` names the culprit in the message. */
export function checkToolSchema(value: unknown, where: string): ToolSchema {
  if (!isPlainObject(value)) fail(`${where}: a tool schema must be an object { name, description?, parameters }`)
  const { name, description, parameters } = value
  if (typeof name !== 'string' || name === '') fail(`${where}: tool name must be a non-empty string`)
  if (description !== undefined && typeof description !== 'string') {
    fail(`${where}: description of tool "${name}" must be a string when present`)
  }
  if (!isPlainObject(parameters)) fail(`${where}: parameters of tool "${name}" must be a JSON Schema object`)
  const copy: ToolSchema = { name, parameters: detach(parameters, where, name) }
  if (description !== undefined) copy.description = description
  return copy
}

function checkSection(value: unknown, where: string): PromptSection {
  if (!isPlainObject(value)) fail(`${where}: a section must be an object { name, order, text }`)
  const { name, order, text } = value
  if (typeof name !== 'string' || name === '') fail(`${where}: section name must be a non-empty string`)
  if (typeof order !== 'number' || !Number.isFinite(order))
    fail(`${where}: order of section "${name}" must be a finite number`)
  if (typeof text !== 'string') fail(`${where}: text of section "${name}" must be a string`)
  return { name, order, text }
}

function unique<T extends { name: string }>(items: T[], what: string, where: string): T[] {
  const seen = new Set<string>()
  for (const item of items) {
    if (seen.has(item.name)) fail(`${where}: ${what} "${item.name}" appears twice; names must be unique`)
    seen.add(item.name)
  }
  return items
}

/** Validate a draft returned by assembly listeners (fail loudly on garbage) and detach it. */
export function checkDraft(value: unknown, where: string): PromptDraft {
  if (!isPlainObject(value) || !Array.isArray(value.sections) || !Array.isArray(value.tools)) {
    fail(
      `${where}: must return a draft { sections: PromptSection[], tools: ToolSchema[] } (did a listener forget to return await next()?)`,
    )
  }
  const sections = value.sections.map((s, i) => checkSection(s, `${where} sections[${i}]`))
  const tools = value.tools.map((t, i) => checkToolSchema(t, `${where} tools[${i}]`))
  return { sections: unique(sections, 'section', where), tools: unique(tools, 'tool', where) }
}

/** Put protected entries back exactly as rendered/contributed, replacing any same-named impostor. */
export function reapply(draft: PromptDraft, sections: PromptSection[], tools: ToolSchema[]): PromptDraft {
  const sectionNames = new Set(sections.map((s) => s.name))
  const toolNames = new Set(tools.map((t) => t.name))
  return {
    sections: [...draft.sections.filter((s) => !sectionNames.has(s.name)), ...sections.map((s) => ({ ...s }))],
    tools: [...draft.tools.filter((t) => !toolNames.has(t.name)), ...tools.map(copyTool)],
  }
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** `toolOrder` names first (in that order, when present), then the rest in code-unit order. */
export function orderTools(tools: ToolSchema[], toolOrder: readonly string[]): ToolSchema[] {
  const rank = new Map(toolOrder.map((name, i) => [name, i]))
  return tools.toSorted((a, b) => {
    const ra = rank.get(a.name)
    const rb = rank.get(b.name)
    if (ra !== undefined || rb !== undefined) return (ra ?? Infinity) - (rb ?? Infinity)
    return byCodeUnits(a.name, b.name)
  })
}

/** Join sections (order, then name) with a blank line, dropping empty ones. */
export function finish(draft: PromptDraft, toolOrder: readonly string[]): PromptAssembly {
  const sections = draft.sections
    .filter((s) => s.text !== '')
    .toSorted((a, b) => a.order - b.order || byCodeUnits(a.name, b.name))
  return { system: sections.map((s) => s.text).join('\n\n'), tools: orderTools(draft.tools, toolOrder) }
}
