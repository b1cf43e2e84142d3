/** One config problem, Standard Schema style. */
export interface ConfigIssue {
  readonly message: string
  readonly path?: ReadonlyArray<PropertyKey>
}

/** What a Standard Schema validate returns: the normalized value or the list of problems. */
export type ConfigResult<T> = { value: T; issues?: undefined } | { issues: ReadonlyArray<ConfigIssue> }

/** The Standard Schema (v1) shape Cordis 4 validates plugin configs with. */
export interface ConfigSchema<T> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => ConfigResult<T>
  }
}

/**
 * Wrap a synchronous validate function as the Standard Schema every isocode plugin's static
 * `Config` uses; the one place the `~standard` envelope is written.
 */
export function standardConfigSchema<T>(validate: (value: unknown) => ConfigResult<T>): ConfigSchema<T> {
  return { '~standard': { version: 1, vendor: 'isocode', validate } }
}
