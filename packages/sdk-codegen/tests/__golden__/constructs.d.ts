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

/** A tree node. */
type Refs_Node = {
  value: string;
  children?: Refs_Node[];
  parent?: Refs_Node | null;
};
type Refs_Point = [number, number];

declare const tools: {
  /** Arrays, tuples (prefixItems and array-form items). */
  arrays: (args: {
    list: string[];
    untyped?: unknown[];
    matrix?: number[][];
    pair?: [string, number];
    openTuple?: [string, ...boolean[]];
    legacyTuple?: [string, (number | null)?];
  }) => Promise<string>;
  /** anyOf, oneOf and allOf. */
  combinators: (args: {
    target: string | {
      id: number;
    };
    shape?: {
      kind: "circle";
      r: number;
    } | {
      kind: "square";
      side: number;
    };
    merged?: {
      a: string;
    } & {
      b?: boolean;
    };
    listOfUnions?: (string | number)[];
  }) => Promise<string>;
  /** Constructs outside the supported subset become unknown. */
  degraded: (args: {
    notType?: unknown;
    typeNumber?: unknown;
    objectEnum?: unknown;
    onlyNot?: unknown;
  }) => Promise<string>;
  /** Descriptions are one line: newlines, tabs and runs of spaces collapse; a *\/ is escaped. */
  descriptions: (args: {
    /** Multi line description *\/ with `backticks` and } braces */
    q?: string;
    blank?: string;
  }) => Promise<string>;
  /** parameters that are not a schema at all. */
  garbage_parameters: (args: unknown) => Promise<string>;
  /** enum and const of every JSON literal kind. */
  literals: (args: {
    mode: "fast" | "safe" | "it's \"quoted\"";
    mixed?: 1 | -2 | 2.5 | true | null | "x";
    fixed: "v1";
    negative?: (-1)[];
    empty?: never;
  }) => Promise<string>;
  no_parameters: (args: {}) => Promise<string>;
  /** Open, closed and index-signature objects. */
  objects: (args: {
    closed?: {
      x?: number;
    };
    explicitlyOpen?: {
      x?: number;
      [key: string]: unknown;
    };
    anyObject?: {
      [key: string]: unknown;
    };
    dictionary?: {
      [key: string]: number;
    };
    mixed?: {
      id: string;
    } & {
      [key: string]: number;
    };
    patterned?: {
      [key: string]: string;
    };
    "weird keys"?: {
      "content-type"?: string;
      "1st"?: string;
      __proto__?: string;
      constructor?: string;
      $ok?: string;
    };
  }) => Promise<string>;
  /** One property per primitive type. */
  primitives: (args: {
    s: string;
    n: number;
    i: number;
    b: boolean;
    z: null;
    anything?: unknown;
    nothing?: never;
    nullable?: string | null;
    openApiNullable?: number | null;
  }) => Promise<string>;
  /** Local $ref into $defs and definitions, including a cycle. */
  refs: (args: {
    /** The root node. */
    tree: Refs_Node;
    point?: Refs_Point;
    again?: Refs_Node;
    viaProperty?: Refs_Point;
    missing?: unknown;
    remote?: unknown;
  }) => Promise<string>;
};
