/*
 * tools:sdk — call these tools from a run_code program.
 *
 * - The program is the body of an async function: use `await` at the top level and `return`
 *   a value when you are done. There is no `import` or `require`. Write erasable TypeScript.
 * - 14 tools are connected, too many to declare here. Find them first, in one run:
 *   `await tools.$search("words", { limit: 5 })` resolves to the best matches (BM25 over
 *   names and descriptions) as { name, declaration }; `await tools.$describe("name")` to one
 *   tool's declaration. Print what you found, then call tools in the next run.
 * - Every tool is callable as `await tools.name(args)` (quoted for other names:
 *   `tools["my-tool"](args)`) with one object of arguments, described or not. $search and
 *   $describe are not tools: no tool name starts with "$".
 * - Calls start in the order they were made and run one at a time, even under Promise.all,
 *   except calls to tools the host marks concurrency-safe: those overlap under Promise.all.
 * - A failed call rejects with a ToolCallError; its `tool` property names the tool.
 * - Only what you print with console.log or return comes back to you. A result is text unless
 *   its declaration names another type.
 * - Beyond ECMAScript the sandbox has only console.log/info/warn/error/debug, `tools`,
 *   ToolCallError, and setTimeout/clearTimeout (they wait in wall time, not CPU time; timers
 *   still pending when the program ends never fire). There is no fetch, process, require,
 *   setInterval, queueMicrotask, structuredClone, TextEncoder, WebAssembly or file system.
 */

declare class ToolCallError extends Error {
  /** The name of the tool whose call failed. */
  readonly tool: string;
}

/** One $search match: the tool's name and its TypeScript declaration. */
interface ToolMatch {
  name: string;
  declaration: string;
}

declare const tools: {
  /** Tools ranked for `query`, best first; `limit` 1-50, default 5. */
  $search(query: string, options?: { limit?: number }): Promise<ToolMatch[]>;
  /** The declaration of the tool `name`. */
  $describe(name: string): Promise<string>;
  [name: string]: (args: any) => Promise<any>;
};

/*
 * Tool groups (tools in the group): the words their names use most.
 * filesystem (14): file, directory, read, list, allowed, create, directories, edit, get, info, media, move
 */
