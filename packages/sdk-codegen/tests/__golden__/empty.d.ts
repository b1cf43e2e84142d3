/*
 * tools:sdk — call these tools from a run_code program.
 *
 * - The program is the body of an async function: use `await` at the top level and `return`
 *   a value when you are done. There is no `import` or `require`.
 * - Call a tool as `await tools.name(args)` with one object of arguments. A name that is not
 *   an identifier needs quoted access: `await tools["my-tool"](args)`.
 * - Write erasable TypeScript only: type annotations, interfaces and `type` aliases are fine;
 *   `enum`, `namespace` and constructor parameter properties are not. The types below are
 *   advisory: each tool validates its own arguments.
 * - Calls start in the order they were made and run one at a time, even under Promise.all,
 *   except calls to tools the host marks concurrency-safe: those overlap under Promise.all.
 * - A failed call rejects with a ToolCallError; its `tool` property names the tool. Catch it
 *   with try/catch to recover and continue.
 * - Only what you print with console.log or return comes back to you. A tool result is text
 *   (a string) unless its declaration below names another type: then it is that JSON value.
 * - Beyond ECMAScript the sandbox has only console.log/info/warn/error/debug, `tools`,
 *   ToolCallError, and setTimeout/clearTimeout (they wait in wall time, not CPU time; timers
 *   still pending when the program ends never fire). There is no fetch, process, require,
 *   setInterval, queueMicrotask, structuredClone, TextEncoder, WebAssembly or file system.
 */

declare class ToolCallError extends Error {
  /** The name of the tool whose call failed. */
  readonly tool: string;
}

declare const tools: {};
