// The fixed text of the tools:sdk section: usage instructions (a comment, so the section stays a
// valid .d.ts) and the declaration of the error class a failed call rejects with.

/** Name of the global error class a failed tool call rejects with inside the program. */
export const TOOL_CALL_ERROR_CLASS = 'ToolCallError'

/** Property of a {@link TOOL_CALL_ERROR_CLASS} instance that names the tool whose call failed. */
export const TOOL_CALL_ERROR_TOOL_PROPERTY = 'tool'

/** What the sandbox offers beyond ECMAScript, as comment lines (both section forms list it). */
export const SANDBOX_LINES = ` * - Beyond ECMAScript the sandbox has only console.log/info/warn/error/debug, \`tools\`,
 *   ${TOOL_CALL_ERROR_CLASS}, and setTimeout/clearTimeout (they wait in wall time, not CPU time; timers
 *   still pending when the program ends never fire). There is no fetch, process, require,
 *   setInterval, queueMicrotask, structuredClone, TextEncoder, WebAssembly or file system.
`

/** The usage instructions at the top of the tools:sdk section, as a block comment. */
export const SDK_INSTRUCTIONS = `/*
 * tools:sdk — call these tools from a run_code program.
 *
 * - The program is the body of an async function: use \`await\` at the top level and \`return\`
 *   a value when you are done. There is no \`import\` or \`require\`.
 * - Call a tool as \`await tools.name(args)\` with one object of arguments. A name that is not
 *   an identifier needs quoted access: \`await tools["my-tool"](args)\`.
 * - Write erasable TypeScript only: type annotations, interfaces and \`type\` aliases are fine;
 *   \`enum\`, \`namespace\` and constructor parameter properties are not. The types below are
 *   advisory: each tool validates its own arguments.
 * - Calls start in the order they were made and run one at a time, even under Promise.all,
 *   except calls to tools the host marks concurrency-safe: those overlap under Promise.all.
 * - A failed call rejects with a ${TOOL_CALL_ERROR_CLASS}; its \`${TOOL_CALL_ERROR_TOOL_PROPERTY}\` property names the tool. Catch it
 *   with try/catch to recover and continue.
 * - Only what you print with console.log or return comes back to you. A tool result is text
 *   (a string) unless its declaration below names another type: then it is that JSON value.
${SANDBOX_LINES} */
`

/** The declaration of the error class, so programs may use it in `instanceof` checks. */
export const SDK_ERROR_CLASS = `declare class ${TOOL_CALL_ERROR_CLASS} extends Error {
  /** The name of the tool whose call failed. */
  readonly ${TOOL_CALL_ERROR_TOOL_PROPERTY}: string;
}
`
