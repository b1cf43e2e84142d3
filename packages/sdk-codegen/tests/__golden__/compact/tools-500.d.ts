/*
 * tools:sdk — call these tools from a run_code program.
 * - 500 tools in 10 groups, too many to declare here. Find them first:
 *   `await tools.$describe()` lists the groups, `tools.$search("words")` ranks tools with
 *   their declarations, `tools.$describe("name")` gives one. Print them, then call tools
 *   in the next run.
 * - The program is an async function body: top-level `await`, `return` the result. No
 *   import/require; erasable TypeScript only (no enum, namespace, parameter properties).
 * - Call `await tools.name(args)` with one arguments object (`tools["my-tool"](args)` for other
 *   names); each tool validates its own arguments.
 * - Calls run one at a time in call order, even under Promise.all, unless the host marks the
 *   tool concurrency-safe.
 * - A failed call rejects with a ToolCallError (`tool` names the tool); catch it to go on.
 * - Only console.log output and the return value come back. A result is a string unless its
 *   declaration names another type.
 * - Sandbox globals: console, `tools`, ToolCallError, setTimeout/clearTimeout (pending timers
 *   never fire after the end). No fetch, process, setInterval or files.
 */

declare class ToolCallError extends Error { readonly tool: string }

declare const tools: {
  /** Tools ranked for `query`, best first, with declarations; `limit` 1-50, default 5. */
  $search(query: string, options?: { limit?: number }): Promise<{ name: string; declaration: string }[]>;
  /** The declaration of the tool `name`; without a name, the tool groups. */
  $describe(name?: string): Promise<string>;
  [name: string]: (args: any) => Promise<any>;
};
