const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A path as the program writes it: `args.items[0].name`, `args["odd key"]`. */
export function argsPath(keys: readonly (string | number)[]): string {
  return `args${keys.map((key) => (typeof key === 'number' ? `[${key}]` : IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`)).join('')}`
}

/** The keys of a JSON Pointer (`/items/0/name`), array indexes as numbers. */
export function pointerKeys(pointer: string): (string | number)[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((key) => (/^(0|[1-9]\d*)$/.test(key) ? Number(key) : key))
}
