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

declare const tools: {
  /** Run a shell command in the workspace and return its combined output. */
  bash: (args: {
    command: string;
    timeoutMs?: number;
    /** Extra environment variables. */
    env?: {
      [key: string]: string;
    };
  }) => Promise<string>;
  /** List the entries of a directory. Directories end with a slash. */
  list_directory: (args: {
    path: string;
    recursive?: boolean;
    /** Glob patterns to skip. */
    ignore?: string[];
  }) => Promise<string>;
  /** Move or rename a file. */
  move_file: (args: {
    from: string;
    to: string;
    overwrite?: boolean;
  }) => Promise<string>;
  /** Read a UTF-8 text file and return its contents. */
  read_file: (args: {
    /** Path relative to the workspace root. */
    path: string;
    /** First line to return (1-based). */
    offset?: number;
    /** Maximum number of lines to return. */
    limit?: number;
  }) => Promise<string>;
  /** Search file contents with a regular expression. */
  search_files: (args: {
    pattern: string;
    paths?: string[];
    caseSensitive?: boolean;
    /** null means no limit. */
    maxResults?: number | null;
  }) => Promise<string>;
  /** File metadata. */
  stat: (args: {
    path: string;
  }) => Promise<string>;
  /** Create or overwrite a text file. */
  write_file: (args: {
    /** Path relative to the workspace root. */
    path: string;
    content: string;
    /** What to do when the file exists. */
    mode?: "overwrite" | "append" | "create-only";
  }) => Promise<string>;
};
