// The cheap proof that a program has no type syntax (RT-67): then it is its own JavaScript and no
// stripper (nor the TypeScript compiler behind ts-blank-space) is loaded for it.

// why: the constructor of `async function` bodies: a program is such a body (top-level await, return).
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => unknown

/**
 * Whether `source` is plain JavaScript that TypeScript reads the same way: V8 compiles it as an
 * async function body (never calling it) and it has no `<`. Every other erasable construct
 * (annotations, `as`, `!`, `satisfies`, declarations) is a JavaScript syntax error; only type
 * arguments (`f<T>(x)`, `` f<T>`s` ``) also parse as comparisons, and they need a `<`.
 */
export function isPlainJavaScript(source: string): boolean {
  return !source.includes('<') && compiles(source)
}

/** Whether V8 compiles `code` as an async function body (the program is never called). */
export function compiles(code: string): boolean {
  try {
    // why: compiled only, so nothing of the program runs on the host; a host that forbids code
    // from strings (--disallow-code-generation-from-strings) throws here and the stripper decides.
    return typeof new AsyncFunction(code) === 'function'
  } catch {
    return false
  }
}
