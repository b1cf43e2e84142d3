import { configSchema } from '../config-schema.ts'
import type { ConfigIssue } from '../config-schema.ts'
import type { SystemPromptConfig } from './types.ts'

/** Standard Schema of the SystemPrompt config: `toolOrder` is a list of distinct non-empty names. */
export const SystemPromptConfigSchema = configSchema<SystemPromptConfig>((value) => {
  const issues: ConfigIssue[] = []
  for (const key of Object.keys(value)) {
    if (key !== 'toolOrder') issues.push({ message: `unknown option "${key}" (known: toolOrder)`, path: [key] })
  }
  const order = value.toolOrder
  if (order === undefined) return issues.length > 0 ? issues : {}
  if (!Array.isArray(order)) {
    issues.push({ message: 'toolOrder must be an array of tool names', path: ['toolOrder'] })
    return issues
  }
  const seen = new Set<string>()
  order.forEach((name: unknown, i) => {
    if (typeof name !== 'string' || name === '') {
      issues.push({ message: 'toolOrder entries must be non-empty strings', path: ['toolOrder', i] })
    } else if (seen.has(name)) {
      issues.push({ message: `toolOrder names "${name}" twice; list each tool once`, path: ['toolOrder', i] })
    } else {
      seen.add(name)
    }
  })
  return issues.length > 0 ? issues : { toolOrder: [...seen] }
})
