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

type MyTool_N = string;
type MyTool_N_2 = number;

declare const tools: {
  $dollar: (args: {}) => Promise<string>;
  /** Starts with a digit. */
  "1st": (args: {}) => Promise<string>;
  Zeta: (args: {}) => Promise<string>;
  /** A tool named __proto__. */
  __proto__: (args: { x?: string }) => Promise<string>;
  _underscore: (args: {}) => Promise<string>;
  alpha: (args: {}) => Promise<string>;
  /** A name with a backslash. */
  "back\\slash": (args: {}) => Promise<string>;
  /** } }; declare const pwned: 1; { */
  "brace}": (args: {}) => Promise<string>;
  /** A tool named constructor. */
  constructor: (args: {}) => Promise<string>;
  "emoji🔧": (args: {}) => Promise<string>;
  /** Comment terminator in the name: *\/ and in the description. */
  "ends*/": (args: {}) => Promise<string>;
  "mcp.server/tool": (args: {}) => Promise<string>;
  /** Dashes need quoted access. */
  "my-tool": (args: { a: number }) => Promise<string>;
  "my.tool": (args: { n?: MyTool_N }) => Promise<string>;
  /** Same alias prefix as my-tool. */
  my_tool: (args: { n?: MyTool_N_2 }) => Promise<string>;
  /** First line *\/ declare const injected: true; /* last line */
  "new\nline": (args: {}) => Promise<string>;
  /** A name with double quotes. */
  "say \"hi\"": (args: {}) => Promise<string>;
  /** line separator and paragraph */
  "sep\u2028\u2029": (args: {}) => Promise<string>;
  "space name": (args: {}) => Promise<string>;
  /** `${process.exit()}` and backticks */
  "tick`": (args: {}) => Promise<string>;
  toString: (args: {}) => Promise<string>;
  /** Non-ASCII letters are quoted. */
  "Ünïcödé": (args: {}) => Promise<string>;
  /** 日本語の説明。 */
  "日本語ツール": (args: {}) => Promise<string>;
};
