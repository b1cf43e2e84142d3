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
    target: string | { id: number };
    shape?: { kind: "circle"; r: number } | { kind: "square"; side: number };
    merged?: { a: string } & { b?: boolean };
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
    /** Multi line description *\/ with `backticks` and } braces */ q?: string;
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
    closed?: { x?: number };
    explicitlyOpen?: { x?: number; [key: string]: unknown };
    anyObject?: { [key: string]: unknown };
    dictionary?: { [key: string]: number };
    mixed?: { id: string } & { [key: string]: number };
    patterned?: { [key: string]: string };
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
    /** The root node. */ tree: Refs_Node;
    point?: Refs_Point;
    again?: Refs_Node;
    viaProperty?: Refs_Point;
    missing?: unknown;
    remote?: unknown;
  }) => Promise<string>;
};
