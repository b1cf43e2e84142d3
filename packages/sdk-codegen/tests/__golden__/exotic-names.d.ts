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

type MyTool_N = string;
type MyTool_N_2 = number;

declare const tools: {
  $dollar: (args: {}) => Promise<string>;
  /** Starts with a digit. */
  "1st": (args: {}) => Promise<string>;
  Zeta: (args: {}) => Promise<string>;
  /** A tool named __proto__. */
  __proto__: (args: {
    x?: string;
  }) => Promise<string>;
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
  "my-tool": (args: {
    a: number;
  }) => Promise<string>;
  "my.tool": (args: {
    n?: MyTool_N;
  }) => Promise<string>;
  /** Same alias prefix as my-tool. */
  my_tool: (args: {
    n?: MyTool_N_2;
  }) => Promise<string>;
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
