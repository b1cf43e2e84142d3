/*
 * tools:sdk — call these tools from a run_code program.
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
  /** Run a shell command in the workspace and return its combined output. */
  bash: (args: {
    command: string;
    timeoutMs?: number;
    /** Extra environment variables. */ env?: { [key: string]: string };
  }) => Promise<string>;
  /** List the entries of a directory. Directories end with a slash. */
  list_directory: (args: {
    path: string;
    recursive?: boolean;
    /** Glob patterns to skip. */ ignore?: string[];
  }) => Promise<string>;
  /** Move or rename a file. */
  move_file: (args: { from: string; to: string; overwrite?: boolean }) => Promise<string>;
  /** Read a UTF-8 text file and return its contents. */
  read_file: (args: {
    /** Path relative to the workspace root. */ path: string;
    /** First line to return (1-based). */ offset?: number;
    /** Maximum number of lines to return. */ limit?: number;
  }) => Promise<string>;
  /** Search file contents with a regular expression. */
  search_files: (args: {
    pattern: string;
    paths?: string[];
    caseSensitive?: boolean;
    /** null means no limit. */ maxResults?: number | null;
  }) => Promise<string>;
  /** File metadata. */
  stat: (args: { path: string }) => Promise<string>;
  /** Create or overwrite a text file. */
  write_file: (args: {
    /** Path relative to the workspace root. */ path: string;
    content: string;
    /** What to do when the file exists. */ mode?: "overwrite" | "append" | "create-only";
  }) => Promise<string>;
};
