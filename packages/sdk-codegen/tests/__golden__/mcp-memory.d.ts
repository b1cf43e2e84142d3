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
  /** Add new observations to existing entities in the knowledge graph */
  add_observations: (args: {
    observations: {
      /** The name of the entity to add the observations to */
      entityName: string;
      /** An array of observation contents to add */
      contents: string[];
    }[];
  }) => Promise<{
    results: {
      entityName: string;
      addedObservations: string[];
    }[];
  }>;
  /** Create multiple new entities in the knowledge graph */
  create_entities: (args: {
    entities: {
      /** The name of the entity */
      name: string;
      /** The type of the entity */
      entityType: string;
      /** An array of observation contents associated with the entity */
      observations: string[];
    }[];
  }) => Promise<{
    entities: {
      /** The name of the entity */
      name: string;
      /** The type of the entity */
      entityType: string;
      /** An array of observation contents associated with the entity */
      observations: string[];
    }[];
  }>;
  /** Create multiple new relations between entities in the knowledge graph. Relations should be in active voice */
  create_relations: (args: {
    relations: {
      /** The name of the entity where the relation starts */
      from: string;
      /** The name of the entity where the relation ends */
      to: string;
      /** The type of the relation */
      relationType: string;
    }[];
  }) => Promise<{
    relations: {
      /** The name of the entity where the relation starts */
      from: string;
      /** The name of the entity where the relation ends */
      to: string;
      /** The type of the relation */
      relationType: string;
    }[];
  }>;
  /** Delete multiple entities and their associated relations from the knowledge graph */
  delete_entities: (args: {
    /** An array of entity names to delete */
    entityNames: string[];
  }) => Promise<{
    success: boolean;
    message: string;
  }>;
  /** Delete specific observations from entities in the knowledge graph */
  delete_observations: (args: {
    deletions: {
      /** The name of the entity containing the observations */
      entityName: string;
      /** An array of observations to delete */
      observations: string[];
    }[];
  }) => Promise<{
    success: boolean;
    message: string;
  }>;
  /** Delete multiple relations from the knowledge graph */
  delete_relations: (args: {
    /** An array of relations to delete */
    relations: {
      /** The name of the entity where the relation starts */
      from: string;
      /** The name of the entity where the relation ends */
      to: string;
      /** The type of the relation */
      relationType: string;
    }[];
  }) => Promise<{
    success: boolean;
    message: string;
  }>;
  /** Open specific nodes in the knowledge graph by their names */
  open_nodes: (args: {
    /** An array of entity names to retrieve */
    names: string[];
  }) => Promise<{
    entities: {
      /** The name of the entity */
      name: string;
      /** The type of the entity */
      entityType: string;
      /** An array of observation contents associated with the entity */
      observations: string[];
    }[];
    relations: {
      /** The name of the entity where the relation starts */
      from: string;
      /** The name of the entity where the relation ends */
      to: string;
      /** The type of the relation */
      relationType: string;
    }[];
  }>;
  /** Read the entire knowledge graph */
  read_graph: (args: {}) => Promise<{
    entities: {
      /** The name of the entity */
      name: string;
      /** The type of the entity */
      entityType: string;
      /** An array of observation contents associated with the entity */
      observations: string[];
    }[];
    relations: {
      /** The name of the entity where the relation starts */
      from: string;
      /** The name of the entity where the relation ends */
      to: string;
      /** The type of the relation */
      relationType: string;
    }[];
  }>;
  /** Search for nodes in the knowledge graph based on a query */
  search_nodes: (args: {
    /** The search query to match against entity names, types, and observation content */
    query: string;
  }) => Promise<{
    entities: {
      /** The name of the entity */
      name: string;
      /** The type of the entity */
      entityType: string;
      /** An array of observation contents associated with the entity */
      observations: string[];
    }[];
    relations: {
      /** The name of the entity where the relation starts */
      from: string;
      /** The name of the entity where the relation ends */
      to: string;
      /** The type of the relation */
      relationType: string;
    }[];
  }>;
};
