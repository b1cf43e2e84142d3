// The TypeScript compiler, loaded the first time a saved program is linked or parsed (RT-67: importing
// the registry or running a program that names no saved program never loads it).
import { createRequire } from 'node:module'
import type ts from 'typescript'

let loaded: typeof ts | undefined

/** The `typescript` module, required on the first call and kept for the next ones. */
export function compiler(): typeof ts {
  // why: a synchronous require keeps linking and the syntax fallback synchronous, and loads the
  // compiler only when a caller reaches it.
  loaded ??= createRequire(import.meta.url)('typescript') as typeof ts
  return loaded
}
