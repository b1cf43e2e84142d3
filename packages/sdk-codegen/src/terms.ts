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
  return /^[a-z]+$/.test(term) ? stemmer(term) : term
}

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
