// Local JSON Schema references: `#` plus a URI-encoded JSON pointer into the same document.

const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/

/**
 * Resolve a local reference (`#`, `#/$defs/Node`, `#/properties/a/items`) inside `root`.
 * Returns undefined for remote refs, anchors, malformed pointers and missing targets.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  const pointer = localPointer(ref)
  if (pointer === undefined) return undefined
  if (pointer === '') return root
  if (!pointer.startsWith('/')) return undefined
  let current: unknown = root
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(current)) {
      if (!ARRAY_INDEX.test(segment)) return undefined
      current = current[Number(segment)]
    } else if (typeof current === 'object' && current !== null && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment]
    } else {
      return undefined
    }
  }
  return current
}

/** The decoded JSON pointer of a local ref (`#/a%20b` → `/a b`), or undefined if not local or malformed. */
function localPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined
  try {
    return decodeURIComponent(ref.slice(1))
  } catch {
    // why: the fragment is URI-encoded; a malformed escape (`%zz`) just means "not resolvable".
    return undefined
  }
}

/** The last pointer segment of a ref, as a readable alias hint (`#/$defs/Node` → `Node`). */
export function refHint(ref: string): string {
  const pointer = localPointer(ref) ?? ''
  const slash = pointer.lastIndexOf('/')
  if (slash < 0) return 'Root'
  return pointer
    .slice(slash + 1)
    .replaceAll('~1', '/')
    .replaceAll('~0', '~')
}
