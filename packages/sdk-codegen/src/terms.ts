// The words of tool search: split names and prose into lower-case terms, drop function words and
// reduce each to its Porter stem, so `read_file`, `readFile` and "reading files" share terms.
import { stemmer } from 'stemmer'

/**
 * Lower-case words of `text`: split at anything but letters and digits and at camelCase
 * boundaries (`readFile` → read, file), so `read_file`, `read-file` and `readFile` all match "read file".
 */
export function searchTerms(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
  return spaced
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term !== '')
}

/** `files` → `file`, `archived` → `archiv`: the Porter stem of a lower-case word (digits unchanged). */
export function stem(term: string): string {
  let stemmed = stems.get(term)
  if (stemmed === undefined) {
    stemmed = /^[a-z]+$/.test(term) ? stemmer(term) : term
    // why: tool vocabularies are small and repeat across runs; the bound keeps a hostile one from growing it forever.
    if (stems.size >= MAX_CACHED_STEMS) stems.clear()
    stems.set(term, stemmed)
  }
  return stemmed
}

// why: stemming is most of the cost of building an index (each run builds one on its first $search).
const stems = new Map<string, string>()
const MAX_CACHED_STEMS = 50_000

// why: words that say nothing about which tool is meant; left in, they match every description
// that happens to use them ("the", "by", "all") and drown the words that do.
const STOPWORDS = new Set(
  'a an and any are as at be by can do for from has have i in into is it its me my of on or our that the their them these this those to up us via was we what when which who will with you your all some every each please'.split(
    ' ',
  ),
)

/** The stemmed search terms of `text`, without function words. */
export function indexTerms(text: string): string[] {
  return searchTerms(text)
    .filter((term) => !STOPWORDS.has(term))
    .map(stem)
}
