import { RE2JS, RE2JSException } from 're2js'
import { WorkspaceError } from './workspace-fs.ts'

// why: one match costs up to (text read × program size) on RE2's NFA fallback, and a first match
// builds DFA states in proportion to the program; 500 instructions keep one 16 KB window's match to
// milliseconds (the search yields between windows), and still allow `.{0,200}` or 20 alternatives.
const MAX_PROGRAM = 500

const UNSUPPORTED: ReadonlyArray<[RegExp, string]> = [
  [/^\(\?=/, 'a lookahead "(?="'],
  [/^\(\?!/, 'a negative lookahead "(?!"'],
  [/^\(\?<=/, 'a lookbehind "(?<="'],
  [/^\(\?<!/, 'a negative lookbehind "(?<!"'],
  [/^\\[1-9]/, 'a backreference "\\1".."\\9"'],
  [/^\\k</, 'a named backreference "\\k<name>"'],
]

/** The first construct of `pattern` RE2 cannot run in linear time (lookaround, backreferences), if any. */
export function unsupportedConstruct(pattern: string): string | undefined {
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (!inClass) {
      const rest = pattern.slice(i, i + 4)
      const found = UNSUPPORTED.find(([head]) => head.test(rest))
      if (found !== undefined) return found[1]
    }
    // why: an escape is two characters; inside [...] nothing above is special.
    if (char === '\\') i++
    else if (char === '[') inClass = true
    else if (char === ']') inClass = false
  }
  return undefined
}

/**
 * Compile a model-supplied regular expression (case-insensitive) for RE2JS, which matches in time
 * linear in the input: no backtracking, so no pattern can stall the host (ReDoS). Constructs RE2
 * cannot run, invalid syntax and oversized programs are INVALID_ARGS errors that say what to change.
 */
export function linePattern(pattern: string): (line: string) => boolean {
  const construct = unsupportedConstruct(pattern)
  const plain = 'pass regex: false for a plain search'
  if (construct !== undefined) {
    throw new WorkspaceError(
      `pattern uses ${construct}, which the linear-time regular expression engine (RE2 syntax) does not support; rewrite the pattern without it or ${plain}`,
      'INVALID_ARGS',
    )
  }
  let re: RE2JS
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.CASE_INSENSITIVE)
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error
    throw new WorkspaceError(
      `pattern is not a valid regular expression in RE2 syntax (${error.message}); ${plain}`,
      'INVALID_ARGS',
    )
  }
  const size = (re.re2().prog as { numInst(): number }).numInst()
  if (size > MAX_PROGRAM) {
    throw new WorkspaceError(
      `pattern compiles to ${size} instructions, more than ${MAX_PROGRAM}; use smaller repeat counts or fewer alternatives, or ${plain}`,
      'INVALID_ARGS',
    )
  }
  return (line) => re.test(line)
}
