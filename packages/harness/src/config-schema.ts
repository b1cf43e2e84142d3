import { type ConfigIssue, type ConfigSchema, standardConfigSchema } from '@isocode/code-runtime'

export type { ConfigIssue, ConfigSchema }

/**
 * Wrap a synchronous config check as a Standard Schema for a plugin's static `Config`; `check`
 * returns the normalized config or the list of problems (each naming its field and the fix).
 */
export function configSchema<T>(check: (value: Record<string, unknown>) => T | ConfigIssue[]): ConfigSchema<T> {
  return standardConfigSchema<T>((value) => {
    const input = value ?? {}
    if (typeof input !== 'object' || Array.isArray(input)) {
      return { issues: [{ message: 'config must be an object' }] }
    }
    const result = check(input as Record<string, unknown>)
    return Array.isArray(result) ? { issues: result } : { value: result }
  })
}
