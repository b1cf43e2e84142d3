// Where the end-to-end suites find the repository's data: fixtures/ through its declared workspace
// package (tools JSON, hostile programs, the quick-start), and the repository root (README, docs, git).
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Absolute path of the `@isocode/fixtures` data package. */
export const FIXTURES = dirname(createRequire(import.meta.url).resolve('@isocode/fixtures/package.json'))

/** Absolute path of the repository root, with a trailing separator. */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url))

/** Absolute path of one file under fixtures/, e.g. `fixturePath('tools', 'empty.json')`. */
export const fixturePath = (...parts: string[]): string => join(FIXTURES, ...parts)
