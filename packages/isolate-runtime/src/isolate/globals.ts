import { isolatedVm } from './ivm.ts'

/**
 * Globals the prelude deletes before a program runs: memory they hand out lives outside the
 * isolate's heap limit (runtime rule on WebAssembly). Everything else a fresh V8 context has stays.
 */
export const REMOVED_GLOBALS: readonly string[] = Object.freeze(['WebAssembly', 'SharedArrayBuffer', 'Atomics'])

/**
 * The global names of a fresh context of the V8 this process loaded, before the prelude runs,
 * sorted. Newer V8 lines add ECMAScript globals (`Iterator`, `DisposableStack`, …), so checks of
 * what a program can reach derive their allowlist from this instead of a fixed list.
 */
export function engineGlobals(): string[] {
  const ivm = isolatedVm()
  const isolate = new ivm.Isolate({ memoryLimit: 8 })
  try {
    const context = isolate.createContextSync()
    const names = context.evalSync('JSON.stringify(Object.getOwnPropertyNames(globalThis))') as string
    context.release()
    return (JSON.parse(names) as string[]).toSorted()
  } finally {
    isolate.dispose()
  }
}

/** What a program's global object holds by name: the engine's globals less {@link REMOVED_GLOBALS}, plus `added`. */
export function programGlobals(added: readonly string[]): string[] {
  const removed = new Set(REMOVED_GLOBALS)
  return [...new Set([...engineGlobals().filter((name) => !removed.has(name)), ...added])].toSorted()
}
