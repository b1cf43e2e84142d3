// Words that name the same action or thing in tool names and in what people ask for: the verbs of
// CRUD-style APIs and common software nouns. General vocabulary, not any one tool set's.
import { indexTerms } from './terms.ts'

// why: one line per meaning; a query word finds tools that use another word of its line, at a
// discount (SYNONYM_WEIGHT in search.ts), so the word the user chose still ranks first.
const GROUPS: readonly string[] = [
  'delete remove erase destroy discard drop purge',
  'create add new make insert register',
  'get fetch retrieve read show view lookup',
  // why: "show" asks for one thing or for all of them alike.
  'list enumerate browse show',
  'update edit modify change rename amend patch',
  'search find locate',
  'export download dump',
  'import upload ingest',
  'sync synchronize synchronise mirror reconcile',
  'archive shelve',
  'owner owned own',
  'label labelled labeled',
  'tag tagged',
  'repo repository',
  'issue bug defect',
  'invoice bill',
  'user account member',
  'event meeting appointment',
  'alert alarm notification',
  'metric measurement statistic stat',
  'file document attachment',
  'directory folder dir',
  'message email mail',
  'config configuration settings',
  'database db',
  'info information details',
]

const table = new Map<string, string[]>()
for (const line of GROUPS) {
  const stems = [...new Set(line.split(' ').flatMap(indexTerms))]
  for (const term of stems) table.set(term, [...(table.get(term) ?? []), ...stems.filter((other) => other !== term)])
}

/** The other stemmed terms that mean what the stemmed term `term` means (empty when none). */
export function synonymsOf(term: string): readonly string[] {
  return table.get(term) ?? []
}
