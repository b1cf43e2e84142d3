// The fixed text of the tools:sdk section: usage instructions (a comment, so the section stays a
// valid .d.ts) and the declaration of the error class a failed call rejects with.

/** Name of the global error class a failed tool call rejects with inside the program. */
export const TOOL_CALL_ERROR_CLASS = 'ToolCallError'

/** Property of a {@link TOOL_CALL_ERROR_CLASS} instance that names the tool whose call failed. */
export const TOOL_CALL_ERROR_TOOL_PROPERTY = 'tool'

/** The header line of both section forms. */
export const SDK_HEADER = ' * tools:sdk — call these tools from a run_code program.\n'

// why: every word here is paid on every turn (both forms), so each rule is one fact the model
// cannot read off the declarations: program shape, call shape, ordering, errors, what comes back
// and what the sandbox lacks. What a declaration already shows (a result's type, the error's
// `tool` property) is not repeated here.
/** The usage rules both section forms list, as comment lines. */
export const SDK_RULES = ` * - The program is an async function body: top-level \`await\`, \`return\` the result. No
 *   import/require; erasable TypeScript only (no enum, namespace, parameter properties).
 * - Call \`await tools.name(args)\` with one arguments object (\`tools["my-tool"](args)\` for other names).
 * - Calls start in call order, even under Promise.all.
 * - A failed call rejects with a ${TOOL_CALL_ERROR_CLASS}; catch it to go on.
 * - Only console.log output and the return value come back.
 * - Sandbox globals: console, \`tools\`, ${TOOL_CALL_ERROR_CLASS}, setTimeout/clearTimeout (pending timers
 *   never fire after the end). No fetch, process, setInterval or files.
`

/** The usage instructions at the top of the full tools:sdk section, as a block comment. */
export const SDK_INSTRUCTIONS = `/*\n${SDK_HEADER}${SDK_RULES} */\n`

/** The declaration of the error class, so programs may use it in `instanceof` checks. */
export const SDK_ERROR_CLASS = `declare class ${TOOL_CALL_ERROR_CLASS} extends Error { readonly ${TOOL_CALL_ERROR_TOOL_PROPERTY}: string; readonly code?: string }\n`
