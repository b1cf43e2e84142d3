/** One config problem, Standard Schema style. */
export interface ConfigIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey>
}

/** The Standard Schema (v1) shape Cordis 4 validates plugin configs with. */
export interface ConfigSchema<T> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => { value: T; issues?: undefined } | { issues: ReadonlyArray<ConfigIssue> }
  }
}

/**
 * Wrap a synchronous config check as a Standard Schema for a plugin's static `Config`; `check`
 * returns the normalized config or the list of problems (each naming its field and the fix).
 */
export function configSchema<T>(check: (value: Record<string, unknown>) => T | ConfigIssue[]): ConfigSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'isocode',
      validate(value) {
        const input = value ?? {}
        if (typeof input !== 'object' || Array.isArray(input)) {
          return { issues: [{ message: 'config must be an object' }] }
        }
        const result = check(input as Record<string, unknown>)
        return Array.isArray(result) ? { issues: result } : { value: result }
      },
    },
  }
}
