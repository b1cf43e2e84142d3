/**
 * Deep-freeze a detached JSON copy, iteratively (any depth), re-checking on the way that every
 * node is JSON data; returns the first problem found, or `undefined` when the copy is clean.
 */
export function freezeJson(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return primitiveProblem(value)
  const stack: object[] = [value]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    Object.freeze(node)
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node)
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        const proto = Object.getPrototypeOf(child) as unknown
        if (!Array.isArray(child) && proto !== Object.prototype && proto !== null) return 'a non-plain object'
        stack.push(child)
        continue
      }
      const problem = primitiveProblem(child)
      if (problem !== undefined) return problem
    }
  }
  return undefined
}

function primitiveProblem(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined
    case 'number':
      return Number.isFinite(value) ? undefined : `${String(value)} is not JSON`
    default:
      return value === null ? undefined : `${typeof value} is not JSON`
  }
}
