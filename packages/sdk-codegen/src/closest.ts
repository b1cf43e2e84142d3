// "Did you mean": the names closest to a misspelt one, by edit distance, for error messages.

/** Levenshtein distance between `a` and `b` (insert, delete, substitute; code units). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

// why: case and separators are what models most often get wrong (`get_sum` for `get-sum`).
const normalize = (name: string): string => name.toLowerCase().replace(/[-_./\s]+/g, '_')

/**
 * Up to `limit` of `names` closest to `wanted`: a name that contains the wanted one or ends with
 * it (`echo` → `everything__echo`) first, then by edit distance within half the longer length,
 * ties by name. Deterministic for any order of `names`.
 */
export function closestNames(wanted: string, names: readonly string[], limit = 3): string[] {
  const lower = normalize(wanted)
  const ranked: Array<{ name: string; rank: number }> = []
  for (const name of names) {
    const candidate = normalize(name)
    if (candidate === lower && name === wanted) continue
    if (lower !== '' && candidate.includes(lower)) {
      // why: shorter containing names first (`echo` → `everything__echo` before `echo_all_things`).
      ranked.push({ name, rank: candidate === lower ? 0 : 0.5 + (candidate.length - lower.length) / 1e6 })
      continue
    }
    const distance = editDistance(lower, candidate)
    if (distance <= Math.max(2, Math.floor(Math.max(lower.length, candidate.length) / 2)))
      ranked.push({ name, rank: 1 + distance })
  }
  ranked.sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return ranked.slice(0, limit).map((r) => r.name)
}
