/*
 * tools:sdk — call these tools from a run_code program.
 * - 14 tools in 1 group, too many to declare here. Find them
 *   with `tools.$search` or `tools.$describe` (below), print them, then call them in the next run.
 * - The program is an async function body: top-level `await`, `return` the result. No
 *   import/require; erasable TypeScript only (no enum, namespace, parameter properties).
 * - Call `await tools.name(args)` with one arguments object (`tools["my-tool"](args)` for other names).
 * - Calls start in call order, even under Promise.all.
 * - A failed call rejects with a ToolCallError; catch it to go on.
 * - Only console.log output and the return value come back.
 * - Sandbox globals: console, `tools`, ToolCallError, setTimeout/clearTimeout (pending timers
 *   never fire after the end). No fetch, process, setInterval or files.
 */

declare class ToolCallError extends Error { readonly tool: string; readonly code?: string }

declare const tools: {
  /** Tools for `query`, best first, with their declarations; `limit` 1-50, default 5. */
  $search(query: string, options?: { limit?: number }): Promise<{ name: string; declaration: string }[]>;
  /** The declaration of the tool `name`; without a name, the tool groups. */
  $describe(name?: string): Promise<string>;
  [name: string]: (args: any) => Promise<any>;
};
