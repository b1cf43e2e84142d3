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
  /** Archive alert records (generated tool 81). */
  archive_alert_081: (args: {
    /** The title. */ title: string;
    /** Filter by body. */ body?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive alert records (generated tool 165). */
  archive_alert_165: (args: {
    /** The labels as a number. */ labels: number;
    /** Filter by query. */ query?: "open" | "closed" | "all";
    /** One or more title values. */ title?: string[];
  }) => Promise<string>;
  /** Archive alert records (generated tool 238). */
  archive_alert_238: (args: {
    /** One or more cursor values. */ cursor: string[];
  }) => Promise<string>;
  /** Archive alert records (generated tool 361). */
  archive_alert_361: (args: {
    id: string | null;
    /** The title. */ title?: string;
    /** Filter by name. */ name?: "open" | "closed" | "all";
    /** The cursor. */ cursor?: string;
    owner?: string | null;
  }) => Promise<string>;
  /** Archive branch records (generated tool 193). */
  archive_branch_193: (args: {
    /** The since as a number. */ since: number;
    /** The owner. */ owner?: string;
    /** The query as a number. */ query?: number;
    limit?: string | null;
  }) => Promise<string>;
  /** Archive branch records (generated tool 254). */
  archive_branch_254: (args: {
    /** The status. */ status: string;
    /** Filter by since. */ since?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive branch records (generated tool 280). */
  archive_branch_280: (args: {
    /** One or more body values. */ body: string[];
    owner?: boolean;
    /** The query. */ query?: string;
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Archive branch records (generated tool 387). */
  archive_branch_387: (args: {
    /** The since. */ since: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
    /** The status. */ status?: string;
    title?: string | null;
  }) => Promise<string>;
  /** Archive branch records (generated tool 494). */
  archive_branch_494: (args: {
    /** One or more labels values. */ labels: string[];
    /** The name. */ name?: string;
    limit?: { key: string; value?: string };
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive event records (generated tool 109). */
  archive_event_109: (args: { labels: boolean }) => Promise<string>;
  /** Archive event records (generated tool 276). */
  archive_event_276: (args: {
    labels: string | null;
    body?: { key: string; value?: string };
    owner?: string | null;
  }) => Promise<string>;
  /** Archive file records (generated tool 33). */
  archive_file_033: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive file records (generated tool 100). */
  archive_file_100: (args: {
    /** One or more id values. */ id: string[];
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Archive file records (generated tool 110). */
  archive_file_110: (args: {
    /** The limit. */ limit: string;
  }) => Promise<string>;
  /** Archive file records (generated tool 121). */
  archive_file_121: (args: {
    cursor: boolean;
    limit?: boolean;
    /** The owner as a number. */ owner?: number;
    id?: string | null;
  }) => Promise<string>;
  /** Archive file records (generated tool 137). */
  archive_file_137: (args: {
    /** The since. */ since: string;
    labels?: { key: string; value?: string };
    /** One or more title values. */ title?: string[];
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Archive file records (generated tool 206). */
  archive_file_206: (args: { cursor: string | null }) => Promise<string>;
  /** Archive file records (generated tool 383). */
  archive_file_383: (args: {
    body: string | null;
    /** The owner. */ owner?: string;
    since?: string | null;
    /** The cursor. */ cursor?: string;
  }) => Promise<string>;
  /** Archive file records (generated tool 441). */
  archive_file_441: (args: {
    /** The labels. */ labels: string;
  }) => Promise<string>;
  /** Archive file records (generated tool 495). */
  archive_file_495: (args: {
    /** The cursor. */ cursor: string;
    tags?: string | null;
  }) => Promise<string>;
  /** Archive invoice records (generated tool 94). */
  archive_invoice_094: (args: {
    /** The title. */ title: string;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    cursor?: { key: string; value?: string };
  }) => Promise<string>;
  /** Archive invoice records (generated tool 224). */
  archive_invoice_224: (args: {
    /** The since. */ since: string;
  }) => Promise<string>;
  /** Archive invoice records (generated tool 320). */
  archive_invoice_320: (args: {
    /** The body. */ body: string;
    query?: string | null;
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Archive invoice records (generated tool 402). */
  archive_invoice_402: (args: {
    /** One or more query values. */ query: string[];
    /** One or more title values. */ title?: string[];
  }) => Promise<string>;
  /** Archive invoice records (generated tool 415). */
  archive_invoice_415: (args: {
    /** Filter by title. */ title: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive issue records (generated tool 255). */
  archive_issue_255: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
    /** One or more query values. */ query?: string[];
  }) => Promise<string>;
  /** Archive issue records (generated tool 257). */
  archive_issue_257: (args: {
    /** The cursor. */ cursor: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive issue records (generated tool 358). */
  archive_issue_358: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive job records (generated tool 12). */
  archive_job_012: (args: {
    cursor: { key: string; value?: string };
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Archive job records (generated tool 230). */
  archive_job_230: (args: { name: string | null }) => Promise<string>;
  /** Archive job records (generated tool 323). */
  archive_job_323: (args: {
    since: string | null;
    /** Filter by body. */ body?: "open" | "closed" | "all";
    /** One or more query values. */ query?: string[];
  }) => Promise<string>;
  /** Archive job records (generated tool 366). */
  archive_job_366: (args: {
    status: boolean;
    limit?: boolean;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive metric records (generated tool 149). */
  archive_metric_149: (args: {
    /** The name as a number. */ name: number;
    /** The owner as a number. */ owner?: number;
    /** One or more status values. */ status?: string[];
  }) => Promise<string>;
  /** Archive metric records (generated tool 228). */
  archive_metric_228: (args: {
    /** One or more id values. */ id: string[];
    /** One or more body values. */ body?: string[];
    /** One or more tags values. */ tags?: string[];
    /** The labels as a number. */ labels?: number;
    /** One or more query values. */ query?: string[];
  }) => Promise<string>;
  /** Archive metric records (generated tool 233). */
  archive_metric_233: (args: {
    name: { key: string; value?: string };
    limit?: { key: string; value?: string };
  }) => Promise<string>;
  /** Archive metric records (generated tool 388). */
  archive_metric_388: (args: {
    /** The owner as a number. */ owner: number;
    title?: boolean;
    /** Filter by name. */ name?: "open" | "closed" | "all";
    query?: string | null;
  }) => Promise<string>;
  /** Archive page records (generated tool 62). */
  archive_page_062: (args: {
    since: { key: string; value?: string };
    /** The status. */ status?: string;
    /** One or more owner values. */ owner?: string[];
  }) => Promise<string>;
  /** Archive page records (generated tool 70). */
  archive_page_070: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    since?: { key: string; value?: string };
    tags?: string | null;
    query?: boolean;
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Archive page records (generated tool 171). */
  archive_page_171: (args: {
    limit: { key: string; value?: string };
    status?: { key: string; value?: string };
    /** The labels. */ labels?: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive page records (generated tool 472). */
  archive_page_472: (args: {
    /** One or more status values. */ status: string[];
  }) => Promise<string>;
  /** Archive repo records (generated tool 53). */
  archive_repo_053: (args: {
    title: string | null;
    labels?: boolean;
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive repo records (generated tool 223). */
  archive_repo_223: (args: {
    /** The id. */ id: string;
    /** Filter by title. */ title?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive repo records (generated tool 261). */
  archive_repo_261: (args: {
    title: string | null;
    /** One or more id values. */ id?: string[];
  }) => Promise<string>;
  /** Archive repo records (generated tool 414). */
  archive_repo_414: (args: {
    /** The query as a number. */ query: number;
    /** One or more limit values. */ limit?: string[];
    /** The tags. */ tags?: string;
  }) => Promise<string>;
  /** Archive ticket records (generated tool 30). */
  archive_ticket_030: (args: {
    body: string | null;
    status?: boolean;
    query?: { key: string; value?: string };
    since?: { key: string; value?: string };
  }) => Promise<string>;
  /** Archive ticket records (generated tool 167). */
  archive_ticket_167: (args: {
    /** Filter by title. */ title: "open" | "closed" | "all";
    /** The body as a number. */ body?: number;
    cursor?: boolean;
  }) => Promise<string>;
  /** Archive ticket records (generated tool 298). */
  archive_ticket_298: (args: {
    owner: { key: string; value?: string };
    /** The status as a number. */ status?: number;
    title?: boolean;
    /** Filter by since. */ since?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive ticket records (generated tool 430). */
  archive_ticket_430: (args: {
    /** One or more owner values. */ owner: string[];
  }) => Promise<string>;
  /** Archive ticket records (generated tool 449). */
  archive_ticket_449: (args: {
    id: boolean;
    /** The status. */ status?: string;
    /** The limit. */ limit?: string;
    /** The labels. */ labels?: string;
    name?: string | null;
  }) => Promise<string>;
  /** Archive user records (generated tool 128). */
  archive_user_128: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive user records (generated tool 130). */
  archive_user_130: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Archive user records (generated tool 365). */
  archive_user_365: (args: {
    /** One or more status values. */ status: string[];
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Archive user records (generated tool 409). */
  archive_user_409: (args: {
    /** The limit. */ limit: string;
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Create alert records (generated tool 11). */
  create_alert_011: (args: {
    /** The query. */ query: string;
    /** The owner. */ owner?: string;
  }) => Promise<string>;
  /** Create alert records (generated tool 77). */
  create_alert_077: (args: {
    tags: { key: string; value?: string };
    /** One or more name values. */ name?: string[];
    title?: { key: string; value?: string };
  }) => Promise<string>;
  /** Create alert records (generated tool 406). */
  create_alert_406: (args: {
    /** The limit. */ limit: string;
  }) => Promise<string>;
  /** Create alert records (generated tool 489). */
  create_alert_489: (args: {
    owner: { key: string; value?: string };
    /** Filter by id. */ id?: "open" | "closed" | "all";
    since?: boolean;
    labels?: string | null;
  }) => Promise<string>;
  /** Create branch records (generated tool 75). */
  create_branch_075: (args: {
    since: boolean;
    id?: { key: string; value?: string };
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Create branch records (generated tool 204). */
  create_branch_204: (args: {
    /** The status. */ status: string;
    limit?: { key: string; value?: string };
  }) => Promise<string>;
  /** Create branch records (generated tool 231). */
  create_branch_231: (args: {
    /** The id. */ id: string;
    tags?: string | null;
  }) => Promise<string>;
  /** Create branch records (generated tool 264). */
  create_branch_264: (args: {
    /** Filter by title. */ title: "open" | "closed" | "all";
    id?: boolean;
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Create branch records (generated tool 400). */
  create_branch_400: (args: {
    /** The cursor. */ cursor: string;
  }) => Promise<string>;
  /** Create branch records (generated tool 419). */
  create_branch_419: (args: {
    /** One or more limit values. */ limit: string[];
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Create event records (generated tool 22). */
  create_event_022: (args: {
    /** The owner as a number. */ owner: number;
  }) => Promise<string>;
  /** Create event records (generated tool 29). */
  create_event_029: (args: {
    query: { key: string; value?: string };
    cursor?: { key: string; value?: string };
    /** One or more owner values. */ owner?: string[];
    /** The labels. */ labels?: string;
    /** One or more since values. */ since?: string[];
  }) => Promise<string>;
  /** Create event records (generated tool 43). */
  create_event_043: (args: {
    title: { key: string; value?: string };
    /** The body as a number. */ body?: number;
    limit?: string | null;
    /** The query as a number. */ query?: number;
  }) => Promise<string>;
  /** Create event records (generated tool 66). */
  create_event_066: (args: {
    /** The labels. */ labels: string;
    cursor?: string | null;
  }) => Promise<string>;
  /** Create event records (generated tool 196). */
  create_event_196: (args: {
    owner: string | null;
    /** The name as a number. */ name?: number;
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Create event records (generated tool 214). */
  create_event_214: (args: {
    title: { key: string; value?: string };
    cursor?: string | null;
    tags?: { key: string; value?: string };
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Create event records (generated tool 225). */
  create_event_225: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Create event records (generated tool 313). */
  create_event_313: (args: {
    /** The title. */ title: string;
    /** One or more status values. */ status?: string[];
  }) => Promise<string>;
  /** Create event records (generated tool 334). */
  create_event_334: (args: { tags: boolean; labels?: boolean }) => Promise<string>;
  /** Create file records (generated tool 168). */
  create_file_168: (args: {
    /** The cursor as a number. */ cursor: number;
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Create file records (generated tool 268). */
  create_file_268: (args: {
    /** The owner. */ owner: string;
    query?: { key: string; value?: string };
  }) => Promise<string>;
  /** Create file records (generated tool 397). */
  create_file_397: (args: {
    /** The cursor. */ cursor: string;
    /** The status. */ status?: string;
    name?: boolean;
    /** Filter by body. */ body?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Create file records (generated tool 410). */
  create_file_410: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
    /** The owner. */ owner?: string;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Create invoice records (generated tool 113). */
  create_invoice_113: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
    /** One or more since values. */ since?: string[];
    name?: boolean;
  }) => Promise<string>;
  /** Create invoice records (generated tool 213). */
  create_invoice_213: (args: {
    query: boolean;
    /** One or more owner values. */ owner?: string[];
  }) => Promise<string>;
  /** Create invoice records (generated tool 300). */
  create_invoice_300: (args: { tags: { key: string; value?: string } }) => Promise<string>;
  /** Create invoice records (generated tool 302). */
  create_invoice_302: (args: { since: string | null }) => Promise<string>;
  /** Create invoice records (generated tool 470). */
  create_invoice_470: (args: {
    name: boolean;
    /** The id. */ id?: string;
    /** The owner. */ owner?: string;
    since?: { key: string; value?: string };
  }) => Promise<string>;
  /** Create invoice records (generated tool 496). */
  create_invoice_496: (args: {
    /** The since as a number. */ since: number;
  }) => Promise<string>;
  /** Create issue records (generated tool 127). */
  create_issue_127: (args: {
    /** One or more query values. */ query: string[];
  }) => Promise<string>;
  /** Create issue records (generated tool 338). */
  create_issue_338: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** The id as a number. */ id?: number;
  }) => Promise<string>;
  /** Create issue records (generated tool 417). */
  create_issue_417: (args: {
    /** Filter by cursor. */ cursor: "open" | "closed" | "all";
    name?: boolean;
    body?: boolean;
  }) => Promise<string>;
  /** Create job records (generated tool 20). */
  create_job_020: (args: { query: boolean }) => Promise<string>;
  /** Create job records (generated tool 27). */
  create_job_027: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    /** One or more labels values. */ labels?: string[];
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Create job records (generated tool 35). */
  create_job_035: (args: {
    /** The labels as a number. */ labels: number;
    /** One or more tags values. */ tags?: string[];
  }) => Promise<string>;
  /** Create job records (generated tool 64). */
  create_job_064: (args: {
    /** The id. */ id: string;
    /** One or more cursor values. */ cursor?: string[];
    /** The tags. */ tags?: string;
    name?: boolean;
  }) => Promise<string>;
  /** Create metric records (generated tool 3). */
  create_metric_003: (args: {
    owner: string | null;
    /** The tags as a number. */ tags?: number;
    /** Filter by title. */ title?: "open" | "closed" | "all";
    status?: boolean;
  }) => Promise<string>;
  /** Create metric records (generated tool 74). */
  create_metric_074: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** The status as a number. */ status?: number;
  }) => Promise<string>;
  /** Create metric records (generated tool 211). */
  create_metric_211: (args: {
    /** The body. */ body: string;
    /** The tags. */ tags?: string;
    title?: boolean;
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Create metric records (generated tool 284). */
  create_metric_284: (args: {
    /** One or more title values. */ title: string[];
  }) => Promise<string>;
  /** Create page records (generated tool 52). */
  create_page_052: (args: {
    /** Filter by labels. */ labels: "open" | "closed" | "all";
    /** The body. */ body?: string;
    status?: boolean;
  }) => Promise<string>;
  /** Create page records (generated tool 160). */
  create_page_160: (args: {
    /** One or more query values. */ query: string[];
    /** The id. */ id?: string;
    /** The body as a number. */ body?: number;
    /** Filter by since. */ since?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Create page records (generated tool 386). */
  create_page_386: (args: { title: string | null; limit?: string | null }) => Promise<string>;
  /** Create page records (generated tool 458). */
  create_page_458: (args: {
    status: { key: string; value?: string };
    /** The labels as a number. */ labels?: number;
  }) => Promise<string>;
  /** Create page records (generated tool 461). */
  create_page_461: (args: {
    query: { key: string; value?: string };
    /** One or more limit values. */ limit?: string[];
    /** The owner as a number. */ owner?: number;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Create page records (generated tool 477). */
  create_page_477: (args: {
    /** One or more labels values. */ labels: string[];
    owner?: string | null;
    /** One or more since values. */ since?: string[];
  }) => Promise<string>;
  /** Create repo records (generated tool 60). */
  create_repo_060: (args: {
    /** Filter by labels. */ labels: "open" | "closed" | "all";
    /** One or more tags values. */ tags?: string[];
  }) => Promise<string>;
  /** Create repo records (generated tool 79). */
  create_repo_079: (args: {
    /** The name. */ name: string;
  }) => Promise<string>;
  /** Create repo records (generated tool 353). */
  create_repo_353: (args: {
    /** The since as a number. */ since: number;
    /** The cursor. */ cursor?: string;
    /** The tags as a number. */ tags?: number;
  }) => Promise<string>;
  /** Create repo records (generated tool 384). */
  create_repo_384: (args: {
    /** The status. */ status: string;
    query?: { key: string; value?: string };
    cursor?: boolean;
    id?: string | null;
  }) => Promise<string>;
  /** Create repo records (generated tool 413). */
  create_repo_413: (args: {
    since: boolean;
    /** One or more status values. */ status?: string[];
    title?: { key: string; value?: string };
  }) => Promise<string>;
  /** Create ticket records (generated tool 101). */
  create_ticket_101: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
    since?: boolean;
  }) => Promise<string>;
  /** Create ticket records (generated tool 148). */
  create_ticket_148: (args: {
    /** The id. */ id: string;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    name?: boolean;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
    tags?: boolean;
  }) => Promise<string>;
  /** Create ticket records (generated tool 174). */
  create_ticket_174: (args: {
    /** The query. */ query: string;
    /** The since. */ since?: string;
    /** The id as a number. */ id?: number;
    owner?: { key: string; value?: string };
    /** The labels. */ labels?: string;
  }) => Promise<string>;
  /** Create ticket records (generated tool 188). */
  create_ticket_188: (args: {
    /** One or more owner values. */ owner: string[];
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
    /** The query. */ query?: string;
    /** The cursor. */ cursor?: string;
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Create ticket records (generated tool 220). */
  create_ticket_220: (args: {
    labels: string | null;
    /** The title as a number. */ title?: number;
    /** One or more owner values. */ owner?: string[];
  }) => Promise<string>;
  /** Create ticket records (generated tool 259). */
  create_ticket_259: (args: {
    /** The id. */ id: string;
  }) => Promise<string>;
  /** Create ticket records (generated tool 364). */
  create_ticket_364: (args: {
    /** The limit as a number. */ limit: number;
    id?: { key: string; value?: string };
    /** The body as a number. */ body?: number;
    /** The status as a number. */ status?: number;
  }) => Promise<string>;
  /** Create ticket records (generated tool 486). */
  create_ticket_486: (args: {
    /** The query as a number. */ query: number;
  }) => Promise<string>;
  /** Create user records (generated tool 83). */
  create_user_083: (args: {
    labels: string | null;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
    tags?: { key: string; value?: string };
  }) => Promise<string>;
  /** Create user records (generated tool 369). */
  create_user_369: (args: { body: boolean }) => Promise<string>;
  /** Create user records (generated tool 463). */
  create_user_463: (args: {
    since: string | null;
    /** The labels. */ labels?: string;
    title?: { key: string; value?: string };
    /** Filter by body. */ body?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete alert records (generated tool 312). */
  delete_alert_312: (args: {
    name: { key: string; value?: string };
    /** The tags as a number. */ tags?: number;
    /** The query as a number. */ query?: number;
    /** One or more title values. */ title?: string[];
  }) => Promise<string>;
  /** Delete alert records (generated tool 351). */
  delete_alert_351: (args: {
    /** The title. */ title: string;
    /** The since as a number. */ since?: number;
  }) => Promise<string>;
  /** Delete alert records (generated tool 399). */
  delete_alert_399: (args: {
    /** The body as a number. */ body: number;
    /** The tags as a number. */ tags?: number;
    /** The since. */ since?: string;
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Delete alert records (generated tool 473). */
  delete_alert_473: (args: {
    /** The name. */ name: string;
  }) => Promise<string>;
  /** Delete branch records (generated tool 10). */
  delete_branch_010: (args: {
    query: string | null;
    /** The id. */ id?: string;
    /** One or more cursor values. */ cursor?: string[];
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Delete event records (generated tool 144). */
  delete_event_144: (args: {
    name: string | null;
    status?: string | null;
    limit?: string | null;
  }) => Promise<string>;
  /** Delete event records (generated tool 192). */
  delete_event_192: (args: {
    /** One or more status values. */ status: string[];
    body?: { key: string; value?: string };
    /** Filter by name. */ name?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete event records (generated tool 205). */
  delete_event_205: (args: {
    /** The since. */ since: string;
  }) => Promise<string>;
  /** Delete event records (generated tool 236). */
  delete_event_236: (args: {
    /** The body. */ body: string;
    /** The limit. */ limit?: string;
    id?: { key: string; value?: string };
    status?: string | null;
  }) => Promise<string>;
  /** Delete event records (generated tool 339). */
  delete_event_339: (args: {
    cursor: string | null;
    /** Filter by status. */ status?: "open" | "closed" | "all";
    name?: string | null;
  }) => Promise<string>;
  /** Delete event records (generated tool 390). */
  delete_event_390: (args: {
    /** The since as a number. */ since: number;
    owner?: boolean;
  }) => Promise<string>;
  /** Delete file records (generated tool 104). */
  delete_file_104: (args: {
    /** One or more status values. */ status: string[];
    since?: string | null;
  }) => Promise<string>;
  /** Delete file records (generated tool 126). */
  delete_file_126: (args: {
    since: boolean;
    /** The query. */ query?: string;
    /** The status. */ status?: string;
    /** One or more tags values. */ tags?: string[];
  }) => Promise<string>;
  /** Delete file records (generated tool 163). */
  delete_file_163: (args: {
    /** The query as a number. */ query: number;
    /** The cursor. */ cursor?: string;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete file records (generated tool 209). */
  delete_file_209: (args: {
    status: boolean;
    /** The owner as a number. */ owner?: number;
    cursor?: boolean;
    /** One or more limit values. */ limit?: string[];
  }) => Promise<string>;
  /** Delete file records (generated tool 421). */
  delete_file_421: (args: {
    owner: boolean;
    /** The tags. */ tags?: string;
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Delete file records (generated tool 483). */
  delete_file_483: (args: {
    /** The cursor as a number. */ cursor: number;
  }) => Promise<string>;
  /** Delete invoice records (generated tool 34). */
  delete_invoice_034: (args: { id: string | null }) => Promise<string>;
  /** Delete invoice records (generated tool 131). */
  delete_invoice_131: (args: {
    id: boolean;
    /** Filter by body. */ body?: "open" | "closed" | "all";
    query?: string | null;
  }) => Promise<string>;
  /** Delete invoice records (generated tool 282). */
  delete_invoice_282: (args: {
    name: boolean;
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
    since?: { key: string; value?: string };
  }) => Promise<string>;
  /** Delete invoice records (generated tool 432). */
  delete_invoice_432: (args: {
    /** Filter by name. */ name: "open" | "closed" | "all";
    /** The limit. */ limit?: string;
    /** Filter by title. */ title?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete issue records (generated tool 13). */
  delete_issue_013: (args: { name: { key: string; value?: string } }) => Promise<string>;
  /** Delete issue records (generated tool 299). */
  delete_issue_299: (args: {
    title: boolean;
    cursor?: { key: string; value?: string };
    /** One or more query values. */ query?: string[];
  }) => Promise<string>;
  /** Delete issue records (generated tool 389). */
  delete_issue_389: (args: {
    owner: boolean;
    body?: boolean;
    since?: string | null;
    title?: boolean;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Delete issue records (generated tool 420). */
  delete_issue_420: (args: { owner: string | null }) => Promise<string>;
  /** Delete job records (generated tool 2). */
  delete_job_002: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    since?: boolean;
    /** The query as a number. */ query?: number;
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Delete job records (generated tool 76). */
  delete_job_076: (args: {
    /** Filter by limit. */ limit: "open" | "closed" | "all";
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Delete job records (generated tool 290). */
  delete_job_290: (args: {
    since: { key: string; value?: string };
    owner?: { key: string; value?: string };
  }) => Promise<string>;
  /** Delete job records (generated tool 297). */
  delete_job_297: (args: {
    limit: { key: string; value?: string };
    id?: { key: string; value?: string };
    query?: { key: string; value?: string };
  }) => Promise<string>;
  /** Delete job records (generated tool 354). */
  delete_job_354: (args: {
    /** One or more since values. */ since: string[];
    cursor?: { key: string; value?: string };
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** Delete job records (generated tool 418). */
  delete_job_418: (args: {
    body: boolean;
    /** The name as a number. */ name?: number;
    /** The cursor. */ cursor?: string;
    /** One or more id values. */ id?: string[];
  }) => Promise<string>;
  /** Delete metric records (generated tool 28). */
  delete_metric_028: (args: {
    /** The labels as a number. */ labels: number;
  }) => Promise<string>;
  /** Delete metric records (generated tool 85). */
  delete_metric_085: (args: {
    /** One or more status values. */ status: string[];
    /** The labels as a number. */ labels?: number;
    owner?: string | null;
    /** One or more query values. */ query?: string[];
  }) => Promise<string>;
  /** Delete metric records (generated tool 173). */
  delete_metric_173: (args: {
    /** The tags. */ tags: string;
  }) => Promise<string>;
  /** Delete metric records (generated tool 177). */
  delete_metric_177: (args: {
    /** The limit as a number. */ limit: number;
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Delete metric records (generated tool 232). */
  delete_metric_232: (args: {
    /** One or more id values. */ id: string[];
  }) => Promise<string>;
  /** Delete metric records (generated tool 250). */
  delete_metric_250: (args: {
    /** The status. */ status: string;
    /** The title. */ title?: string;
    owner?: { key: string; value?: string };
    tags?: { key: string; value?: string };
  }) => Promise<string>;
  /** Delete metric records (generated tool 326). */
  delete_metric_326: (args: {
    name: boolean;
    /** The title. */ title?: string;
    since?: string | null;
    cursor?: { key: string; value?: string };
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete metric records (generated tool 373). */
  delete_metric_373: (args: {
    /** One or more since values. */ since: string[];
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Delete metric records (generated tool 422). */
  delete_metric_422: (args: { since: boolean }) => Promise<string>;
  /** Delete page records (generated tool 119). */
  delete_page_119: (args: {
    /** The owner as a number. */ owner: number;
    name?: boolean;
    /** Filter by title. */ title?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete page records (generated tool 133). */
  delete_page_133: (args: { body: string | null }) => Promise<string>;
  /** Delete page records (generated tool 476). */
  delete_page_476: (args: {
    /** The since as a number. */ since: number;
    name?: { key: string; value?: string };
  }) => Promise<string>;
  /** Delete page records (generated tool 493). */
  delete_page_493: (args: {
    /** The limit. */ limit: string;
    /** The labels. */ labels?: string;
    body?: { key: string; value?: string };
  }) => Promise<string>;
  /** Delete repo records (generated tool 87). */
  delete_repo_087: (args: {
    /** Filter by status. */ status: "open" | "closed" | "all";
    query?: string | null;
    /** Filter by title. */ title?: "open" | "closed" | "all";
    cursor?: { key: string; value?: string };
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete repo records (generated tool 408). */
  delete_repo_408: (args: {
    /** The status as a number. */ status: number;
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
    owner?: boolean;
    /** The since as a number. */ since?: number;
    /** The title as a number. */ title?: number;
  }) => Promise<string>;
  /** Delete repo records (generated tool 416). */
  delete_repo_416: (args: {
    /** The status. */ status: string;
    limit?: string | null;
    /** Filter by title. */ title?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Delete ticket records (generated tool 272). */
  delete_ticket_272: (args: {
    /** The since. */ since: string;
    status?: { key: string; value?: string };
    /** The id as a number. */ id?: number;
    /** The body as a number. */ body?: number;
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Delete ticket records (generated tool 398). */
  delete_ticket_398: (args: {
    query: boolean;
    body?: string | null;
    owner?: string | null;
  }) => Promise<string>;
  /** Delete user records (generated tool 40). */
  delete_user_040: (args: {
    /** Filter by owner. */ owner: "open" | "closed" | "all";
    /** One or more query values. */ query?: string[];
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Export alert records (generated tool 68). */
  export_alert_068: (args: { limit: boolean }) => Promise<string>;
  /** Export alert records (generated tool 153). */
  export_alert_153: (args: {
    labels: string | null;
    /** The body. */ body?: string;
    cursor?: boolean;
  }) => Promise<string>;
  /** Export alert records (generated tool 405). */
  export_alert_405: (args: {
    /** One or more body values. */ body: string[];
    since?: boolean;
  }) => Promise<string>;
  /** Export alert records (generated tool 412). */
  export_alert_412: (args: {
    /** The cursor as a number. */ cursor: number;
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** Export alert records (generated tool 488). */
  export_alert_488: (args: {
    /** One or more id values. */ id: string[];
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Export branch records (generated tool 116). */
  export_branch_116: (args: {
    /** One or more title values. */ title: string[];
    /** The name. */ name?: string;
    /** The since. */ since?: string;
    status?: boolean;
  }) => Promise<string>;
  /** Export branch records (generated tool 183). */
  export_branch_183: (args: {
    /** Filter by status. */ status: "open" | "closed" | "all";
    name?: { key: string; value?: string };
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Export branch records (generated tool 324). */
  export_branch_324: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** The labels. */ labels?: string;
    since?: { key: string; value?: string };
    /** The cursor. */ cursor?: string;
    title?: string | null;
  }) => Promise<string>;
  /** Export branch records (generated tool 447). */
  export_branch_447: (args: {
    /** The labels. */ labels: string;
  }) => Promise<string>;
  /** Export branch records (generated tool 498). */
  export_branch_498: (args: {
    /** The id as a number. */ id: number;
  }) => Promise<string>;
  /** Export event records (generated tool 4). */
  export_event_004: (args: {
    /** The query. */ query: string;
    /** Filter by since. */ since?: "open" | "closed" | "all";
    /** The body. */ body?: string;
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** Export event records (generated tool 36). */
  export_event_036: (args: { since: { key: string; value?: string } }) => Promise<string>;
  /** Export event records (generated tool 136). */
  export_event_136: (args: {
    /** Filter by name. */ name: "open" | "closed" | "all";
    tags?: { key: string; value?: string };
    owner?: boolean;
  }) => Promise<string>;
  /** Export event records (generated tool 433). */
  export_event_433: (args: {
    /** The cursor as a number. */ cursor: number;
  }) => Promise<string>;
  /** Export file records (generated tool 54). */
  export_file_054: (args: {
    /** One or more name values. */ name: string[];
    /** Filter by body. */ body?: "open" | "closed" | "all";
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Export file records (generated tool 271). */
  export_file_271: (args: {
    /** The title as a number. */ title: number;
    /** The id. */ id?: string;
    /** Filter by since. */ since?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export file records (generated tool 281). */
  export_file_281: (args: {
    /** One or more cursor values. */ cursor: string[];
    /** One or more status values. */ status?: string[];
  }) => Promise<string>;
  /** Export invoice records (generated tool 32). */
  export_invoice_032: (args: {
    /** The name. */ name: string;
    title?: string | null;
    cursor?: string | null;
  }) => Promise<string>;
  /** Export invoice records (generated tool 327). */
  export_invoice_327: (args: {
    tags: string | null;
    /** The query. */ query?: string;
  }) => Promise<string>;
  /** Export invoice records (generated tool 347). */
  export_invoice_347: (args: {
    query: boolean;
    /** The labels. */ labels?: string;
  }) => Promise<string>;
  /** Export issue records (generated tool 0). */
  export_issue_000: (args: {
    /** Filter by cursor. */ cursor: "open" | "closed" | "all";
    since?: boolean;
    tags?: { key: string; value?: string };
    id?: { key: string; value?: string };
    owner?: boolean;
  }) => Promise<string>;
  /** Export issue records (generated tool 102). */
  export_issue_102: (args: {
    /** The status. */ status: string;
    /** Filter by id. */ id?: "open" | "closed" | "all";
    /** The tags. */ tags?: string;
  }) => Promise<string>;
  /** Export issue records (generated tool 249). */
  export_issue_249: (args: {
    /** One or more body values. */ body: string[];
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
    /** The name. */ name?: string;
    /** The query. */ query?: string;
  }) => Promise<string>;
  /** Export issue records (generated tool 336). */
  export_issue_336: (args: {
    /** The name. */ name: string;
  }) => Promise<string>;
  /** Export issue records (generated tool 431). */
  export_issue_431: (args: {
    body: string | null;
    /** The tags. */ tags?: string;
    id?: { key: string; value?: string };
  }) => Promise<string>;
  /** Export issue records (generated tool 462). */
  export_issue_462: (args: {
    name: { key: string; value?: string };
    /** The status as a number. */ status?: number;
    tags?: { key: string; value?: string };
  }) => Promise<string>;
  /** Export job records (generated tool 96). */
  export_job_096: (args: {
    /** The body. */ body: string;
    query?: boolean;
    /** Filter by status. */ status?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export job records (generated tool 186). */
  export_job_186: (args: { body: string | null }) => Promise<string>;
  /** Export job records (generated tool 217). */
  export_job_217: (args: {
    cursor: { key: string; value?: string };
    /** The body. */ body?: string;
    /** The id as a number. */ id?: number;
    owner?: boolean;
    /** Filter by title. */ title?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export job records (generated tool 291). */
  export_job_291: (args: {
    /** The cursor as a number. */ cursor: number;
    body?: string | null;
    /** The title. */ title?: string;
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Export job records (generated tool 316). */
  export_job_316: (args: {
    labels: string | null;
    /** One or more id values. */ id?: string[];
    owner?: string | null;
  }) => Promise<string>;
  /** Export job records (generated tool 332). */
  export_job_332: (args: {
    /** The tags. */ tags: string;
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Export job records (generated tool 333). */
  export_job_333: (args: {
    /** One or more status values. */ status: string[];
    /** One or more query values. */ query?: string[];
    /** One or more limit values. */ limit?: string[];
    owner?: { key: string; value?: string };
  }) => Promise<string>;
  /** Export job records (generated tool 474). */
  export_job_474: (args: {
    /** Filter by owner. */ owner: "open" | "closed" | "all";
    status?: boolean;
    /** The title. */ title?: string;
    /** The labels as a number. */ labels?: number;
    /** The tags. */ tags?: string;
  }) => Promise<string>;
  /** Export metric records (generated tool 129). */
  export_metric_129: (args: {
    /** One or more id values. */ id: string[];
    /** Filter by owner. */ owner?: "open" | "closed" | "all";
    name?: { key: string; value?: string };
  }) => Promise<string>;
  /** Export metric records (generated tool 203). */
  export_metric_203: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export metric records (generated tool 340). */
  export_metric_340: (args: {
    body: { key: string; value?: string };
    /** Filter by query. */ query?: "open" | "closed" | "all";
    /** Filter by status. */ status?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export page records (generated tool 82). */
  export_page_082: (args: {
    tags: { key: string; value?: string };
    cursor?: boolean;
    title?: { key: string; value?: string };
    /** Filter by id. */ id?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export page records (generated tool 106). */
  export_page_106: (args: {
    /** One or more owner values. */ owner: string[];
    /** Filter by name. */ name?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export page records (generated tool 404). */
  export_page_404: (args: {
    /** One or more name values. */ name: string[];
    tags?: boolean;
  }) => Promise<string>;
  /** Export page records (generated tool 434). */
  export_page_434: (args: {
    /** One or more since values. */ since: string[];
  }) => Promise<string>;
  /** Export repo records (generated tool 23). */
  export_repo_023: (args: {
    /** The tags as a number. */ tags: number;
    /** Filter by query. */ query?: "open" | "closed" | "all";
    labels?: string | null;
  }) => Promise<string>;
  /** Export repo records (generated tool 454). */
  export_repo_454: (args: {
    limit: string | null;
    title?: string | null;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Export repo records (generated tool 456). */
  export_repo_456: (args: {
    /** The limit. */ limit: string;
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Export ticket records (generated tool 45). */
  export_ticket_045: (args: {
    since: boolean;
    /** One or more labels values. */ labels?: string[];
    /** The status. */ status?: string;
    limit?: string | null;
  }) => Promise<string>;
  /** Export ticket records (generated tool 178). */
  export_ticket_178: (args: {
    /** The cursor. */ cursor: string;
    /** The status. */ status?: string;
    name?: string | null;
    /** The title. */ title?: string;
    /** One or more since values. */ since?: string[];
  }) => Promise<string>;
  /** Export ticket records (generated tool 439). */
  export_ticket_439: (args: { query: { key: string; value?: string } }) => Promise<string>;
  /** Export user records (generated tool 210). */
  export_user_210: (args: {
    status: string | null;
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Export user records (generated tool 221). */
  export_user_221: (args: {
    /** The since as a number. */ since: number;
  }) => Promise<string>;
  /** Export user records (generated tool 235). */
  export_user_235: (args: {
    owner: string | null;
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Export user records (generated tool 372). */
  export_user_372: (args: {
    limit: boolean;
    owner?: string | null;
    name?: string | null;
    query?: string | null;
  }) => Promise<string>;
  /** Export user records (generated tool 469). */
  export_user_469: (args: {
    status: boolean;
    /** The body. */ body?: string;
    cursor?: boolean;
  }) => Promise<string>;
  /** Get alert records (generated tool 58). */
  get_alert_058: (args: {
    owner: { key: string; value?: string };
    /** One or more tags values. */ tags?: string[];
    /** The name. */ name?: string;
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Get alert records (generated tool 253). */
  get_alert_253: (args: {
    /** The title. */ title: string;
  }) => Promise<string>;
  /** Get alert records (generated tool 270). */
  get_alert_270: (args: {
    /** The status as a number. */ status: number;
    /** Filter by title. */ title?: "open" | "closed" | "all";
    /** Filter by query. */ query?: "open" | "closed" | "all";
    cursor?: boolean;
  }) => Promise<string>;
  /** Get alert records (generated tool 395). */
  get_alert_395: (args: {
    /** The cursor. */ cursor: string;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    /** The query as a number. */ query?: number;
  }) => Promise<string>;
  /** Get branch records (generated tool 65). */
  get_branch_065: (args: {
    limit: { key: string; value?: string };
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Get branch records (generated tool 73). */
  get_branch_073: (args: {
    /** The name. */ name: string;
    query?: boolean;
    owner?: { key: string; value?: string };
    /** One or more tags values. */ tags?: string[];
    /** Filter by status. */ status?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get branch records (generated tool 115). */
  get_branch_115: (args: {
    /** Filter by labels. */ labels: "open" | "closed" | "all";
    query?: string | null;
    /** One or more cursor values. */ cursor?: string[];
  }) => Promise<string>;
  /** Get branch records (generated tool 197). */
  get_branch_197: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get branch records (generated tool 355). */
  get_branch_355: (args: {
    /** The since. */ since: string;
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Get event records (generated tool 247). */
  get_event_247: (args: {
    labels: { key: string; value?: string };
    name?: boolean;
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Get event records (generated tool 492). */
  get_event_492: (args: {
    /** The limit as a number. */ limit: number;
    /** One or more cursor values. */ cursor?: string[];
  }) => Promise<string>;
  /** Get file records (generated tool 57). */
  get_file_057: (args: {
    /** The owner. */ owner: string;
  }) => Promise<string>;
  /** Get file records (generated tool 152). */
  get_file_152: (args: {
    /** The cursor. */ cursor: string;
    tags?: boolean;
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Get file records (generated tool 222). */
  get_file_222: (args: {
    /** The since. */ since: string;
  }) => Promise<string>;
  /** Get file records (generated tool 301). */
  get_file_301: (args: {
    /** The owner. */ owner: string;
    /** One or more since values. */ since?: string[];
    /** Filter by id. */ id?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get invoice records (generated tool 114). */
  get_invoice_114: (args: {
    /** The owner as a number. */ owner: number;
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** Get invoice records (generated tool 118). */
  get_invoice_118: (args: {
    title: { key: string; value?: string };
    cursor?: boolean;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get invoice records (generated tool 243). */
  get_invoice_243: (args: {
    name: { key: string; value?: string };
    /** The limit as a number. */ limit?: number;
    labels?: { key: string; value?: string };
    cursor?: string | null;
  }) => Promise<string>;
  /** Get invoice records (generated tool 305). */
  get_invoice_305: (args: {
    /** The status as a number. */ status: number;
    /** The labels as a number. */ labels?: number;
  }) => Promise<string>;
  /** Get invoice records (generated tool 311). */
  get_invoice_311: (args: {
    /** The status as a number. */ status: number;
    /** The cursor. */ cursor?: string;
    query?: string | null;
    /** The name as a number. */ name?: number;
    limit?: boolean;
  }) => Promise<string>;
  /** Get invoice records (generated tool 314). */
  get_invoice_314: (args: { cursor: boolean; labels?: string | null }) => Promise<string>;
  /** Get invoice records (generated tool 315). */
  get_invoice_315: (args: {
    /** The status as a number. */ status: number;
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Get invoice records (generated tool 452). */
  get_invoice_452: (args: {
    title: { key: string; value?: string };
    /** Filter by status. */ status?: "open" | "closed" | "all";
    /** The labels. */ labels?: string;
  }) => Promise<string>;
  /** Get invoice records (generated tool 482). */
  get_invoice_482: (args: {
    /** The owner. */ owner: string;
    /** One or more tags values. */ tags?: string[];
  }) => Promise<string>;
  /** Get issue records (generated tool 17). */
  get_issue_017: (args: { query: { key: string; value?: string } }) => Promise<string>;
  /** Get issue records (generated tool 93). */
  get_issue_093: (args: {
    /** The tags as a number. */ tags: number;
  }) => Promise<string>;
  /** Get issue records (generated tool 219). */
  get_issue_219: (args: {
    limit: { key: string; value?: string };
    status?: { key: string; value?: string };
    /** Filter by id. */ id?: "open" | "closed" | "all";
    owner?: boolean;
  }) => Promise<string>;
  /** Get job records (generated tool 99). */
  get_job_099: (args: {
    tags: boolean;
    name?: { key: string; value?: string };
    limit?: boolean;
  }) => Promise<string>;
  /** Get job records (generated tool 162). */
  get_job_162: (args: { title: string | null }) => Promise<string>;
  /** Get job records (generated tool 344). */
  get_job_344: (args: {
    /** The status as a number. */ status: number;
  }) => Promise<string>;
  /** Get metric records (generated tool 195). */
  get_metric_195: (args: {
    /** The tags as a number. */ tags: number;
    id?: boolean;
    /** The status as a number. */ status?: number;
    since?: string | null;
  }) => Promise<string>;
  /** Get metric records (generated tool 248). */
  get_metric_248: (args: {
    status: string | null;
    /** One or more query values. */ query?: string[];
    /** One or more limit values. */ limit?: string[];
  }) => Promise<string>;
  /** Get metric records (generated tool 275). */
  get_metric_275: (args: {
    /** The since. */ since: string;
    cursor?: boolean;
    /** Filter by name. */ name?: "open" | "closed" | "all";
    /** Filter by id. */ id?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get metric records (generated tool 465). */
  get_metric_465: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get page records (generated tool 161). */
  get_page_161: (args: { body: string | null; limit?: boolean }) => Promise<string>;
  /** Get page records (generated tool 266). */
  get_page_266: (args: {
    /** The owner. */ owner: string;
  }) => Promise<string>;
  /** Get repo records (generated tool 59). */
  get_repo_059: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    /** The name. */ name?: string;
    /** One or more labels values. */ labels?: string[];
  }) => Promise<string>;
  /** Get repo records (generated tool 103). */
  get_repo_103: (args: {
    /** The query as a number. */ query: number;
  }) => Promise<string>;
  /** Get repo records (generated tool 382). */
  get_repo_382: (args: {
    /** One or more id values. */ id: string[];
    /** Filter by since. */ since?: "open" | "closed" | "all";
    status?: boolean;
  }) => Promise<string>;
  /** Get repo records (generated tool 460). */
  get_repo_460: (args: {
    /** The cursor as a number. */ cursor: number;
    id?: { key: string; value?: string };
    /** The labels. */ labels?: string;
    /** One or more limit values. */ limit?: string[];
  }) => Promise<string>;
  /** Get repo records (generated tool 466). */
  get_repo_466: (args: {
    title: string | null;
    /** The owner. */ owner?: string;
    /** Filter by body. */ body?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Get repo records (generated tool 487). */
  get_repo_487: (args: {
    /** The id. */ id: string;
  }) => Promise<string>;
  /** Get ticket records (generated tool 98). */
  get_ticket_098: (args: {
    /** The owner. */ owner: string;
    /** One or more status values. */ status?: string[];
  }) => Promise<string>;
  /** Get ticket records (generated tool 135). */
  get_ticket_135: (args: { tags: string | null; since?: string | null }) => Promise<string>;
  /** Get ticket records (generated tool 363). */
  get_ticket_363: (args: {
    name: boolean;
    body?: string | null;
    /** The limit as a number. */ limit?: number;
    labels?: { key: string; value?: string };
    title?: boolean;
  }) => Promise<string>;
  /** Get user records (generated tool 304). */
  get_user_304: (args: {
    /** The owner as a number. */ owner: number;
    /** One or more status values. */ status?: string[];
    /** One or more title values. */ title?: string[];
    labels?: { key: string; value?: string };
  }) => Promise<string>;
  /** Import alert records (generated tool 51). */
  import_alert_051: (args: {
    since: { key: string; value?: string };
    cursor?: { key: string; value?: string };
  }) => Promise<string>;
  /** Import alert records (generated tool 350). */
  import_alert_350: (args: {
    /** The query. */ query: string;
  }) => Promise<string>;
  /** Import alert records (generated tool 442). */
  import_alert_442: (args: {
    /** One or more tags values. */ tags: string[];
    /** The id. */ id?: string;
    /** Filter by body. */ body?: "open" | "closed" | "all";
    query?: string | null;
  }) => Promise<string>;
  /** Import alert records (generated tool 448). */
  import_alert_448: (args: {
    /** The body. */ body: string;
    /** The since as a number. */ since?: number;
    /** Filter by title. */ title?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import alert records (generated tool 481). */
  import_alert_481: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** Filter by name. */ name?: "open" | "closed" | "all";
    /** The status. */ status?: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
    /** One or more title values. */ title?: string[];
  }) => Promise<string>;
  /** Import branch records (generated tool 428). */
  import_branch_428: (args: {
    /** The owner. */ owner: string;
    /** One or more id values. */ id?: string[];
    /** Filter by name. */ name?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import branch records (generated tool 436). */
  import_branch_436: (args: {
    since: { key: string; value?: string };
    body?: boolean;
    /** The status as a number. */ status?: number;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Import branch records (generated tool 479). */
  import_branch_479: (args: {
    /** The name. */ name: string;
    /** One or more tags values. */ tags?: string[];
    /** One or more owner values. */ owner?: string[];
  }) => Promise<string>;
  /** Import event records (generated tool 26). */
  import_event_026: (args: { limit: string | null }) => Promise<string>;
  /** Import file records (generated tool 48). */
  import_file_048: (args: {
    /** One or more status values. */ status: string[];
    /** One or more cursor values. */ cursor?: string[];
  }) => Promise<string>;
  /** Import file records (generated tool 123). */
  import_file_123: (args: {
    status: boolean;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    /** The limit as a number. */ limit?: number;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import file records (generated tool 142). */
  import_file_142: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    /** The owner. */ owner?: string;
  }) => Promise<string>;
  /** Import file records (generated tool 198). */
  import_file_198: (args: {
    /** One or more limit values. */ limit: string[];
    /** Filter by body. */ body?: "open" | "closed" | "all";
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Import file records (generated tool 269). */
  import_file_269: (args: { tags: boolean }) => Promise<string>;
  /** Import file records (generated tool 325). */
  import_file_325: (args: {
    name: { key: string; value?: string };
    query?: boolean;
    cursor?: { key: string; value?: string };
    id?: string | null;
  }) => Promise<string>;
  /** Import file records (generated tool 396). */
  import_file_396: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** The name. */ name?: string;
    query?: string | null;
    /** One or more status values. */ status?: string[];
    /** The tags as a number. */ tags?: number;
  }) => Promise<string>;
  /** Import file records (generated tool 401). */
  import_file_401: (args: {
    limit: { key: string; value?: string };
    /** The id. */ id?: string;
    /** The query. */ query?: string;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
    /** Filter by name. */ name?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import invoice records (generated tool 145). */
  import_invoice_145: (args: {
    name: string | null;
    /** The since. */ since?: string;
    /** One or more owner values. */ owner?: string[];
    labels?: { key: string; value?: string };
  }) => Promise<string>;
  /** Import invoice records (generated tool 191). */
  import_invoice_191: (args: {
    /** The status as a number. */ status: number;
    cursor?: string | null;
  }) => Promise<string>;
  /** Import invoice records (generated tool 374). */
  import_invoice_374: (args: {
    /** The since as a number. */ since: number;
    cursor?: string | null;
  }) => Promise<string>;
  /** Import issue records (generated tool 55). */
  import_issue_055: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import issue records (generated tool 80). */
  import_issue_080: (args: {
    cursor: string | null;
    /** The query as a number. */ query?: number;
    owner?: string | null;
  }) => Promise<string>;
  /** Import issue records (generated tool 200). */
  import_issue_200: (args: {
    cursor: { key: string; value?: string };
    /** The since. */ since?: string;
    limit?: string | null;
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Import job records (generated tool 63). */
  import_job_063: (args: {
    /** The owner. */ owner: string;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
    name?: boolean;
    /** Filter by status. */ status?: "open" | "closed" | "all";
    /** The query as a number. */ query?: number;
  }) => Promise<string>;
  /** Import job records (generated tool 471). */
  import_job_471: (args: {
    title: boolean;
    name?: { key: string; value?: string };
    labels?: boolean;
  }) => Promise<string>;
  /** Import metric records (generated tool 38). */
  import_metric_038: (args: {
    /** The body. */ body: string;
  }) => Promise<string>;
  /** Import metric records (generated tool 108). */
  import_metric_108: (args: {
    /** One or more since values. */ since: string[];
    labels?: { key: string; value?: string };
  }) => Promise<string>;
  /** Import metric records (generated tool 246). */
  import_metric_246: (args: { name: string | null }) => Promise<string>;
  /** Import metric records (generated tool 273). */
  import_metric_273: (args: {
    /** The limit as a number. */ limit: number;
    labels?: boolean;
  }) => Promise<string>;
  /** Import metric records (generated tool 329). */
  import_metric_329: (args: {
    owner: boolean;
    /** One or more query values. */ query?: string[];
    /** Filter by status. */ status?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import page records (generated tool 16). */
  import_page_016: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    id?: string | null;
    status?: { key: string; value?: string };
    /** Filter by body. */ body?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import page records (generated tool 411). */
  import_page_411: (args: {
    /** The limit. */ limit: string;
    /** The name as a number. */ name?: number;
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Import repo records (generated tool 352). */
  import_repo_352: (args: {
    /** The cursor. */ cursor: string;
    /** Filter by since. */ since?: "open" | "closed" | "all";
    /** The labels. */ labels?: string;
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
    /** Filter by name. */ name?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import repo records (generated tool 427). */
  import_repo_427: (args: {
    /** The id. */ id: string;
  }) => Promise<string>;
  /** Import repo records (generated tool 497). */
  import_repo_497: (args: {
    /** The cursor. */ cursor: string;
    /** Filter by status. */ status?: "open" | "closed" | "all";
    tags?: boolean;
    since?: boolean;
  }) => Promise<string>;
  /** Import ticket records (generated tool 67). */
  import_ticket_067: (args: {
    /** One or more labels values. */ labels: string[];
    status?: boolean;
    /** Filter by title. */ title?: "open" | "closed" | "all";
    /** Filter by owner. */ owner?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Import ticket records (generated tool 170). */
  import_ticket_170: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
    /** The since. */ since?: string;
    query?: string | null;
    cursor?: string | null;
  }) => Promise<string>;
  /** Import ticket records (generated tool 202). */
  import_ticket_202: (args: {
    labels: string | null;
    /** One or more status values. */ status?: string[];
    cursor?: string | null;
    /** The tags as a number. */ tags?: number;
  }) => Promise<string>;
  /** Import ticket records (generated tool 360). */
  import_ticket_360: (args: {
    /** The labels. */ labels: string;
  }) => Promise<string>;
  /** Import user records (generated tool 19). */
  import_user_019: (args: {
    /** The name as a number. */ name: number;
    body?: string | null;
    query?: { key: string; value?: string };
    /** One or more owner values. */ owner?: string[];
  }) => Promise<string>;
  /** Import user records (generated tool 189). */
  import_user_189: (args: {
    /** The limit. */ limit: string;
    id?: boolean;
    owner?: string | null;
    /** One or more query values. */ query?: string[];
  }) => Promise<string>;
  /** Import user records (generated tool 242). */
  import_user_242: (args: {
    /** The name. */ name: string;
    /** The body. */ body?: string;
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Import user records (generated tool 308). */
  import_user_308: (args: {
    /** One or more limit values. */ limit: string[];
    /** The cursor. */ cursor?: string;
  }) => Promise<string>;
  /** List alert records (generated tool 7). */
  list_alert_007: (args: {
    /** The since. */ since: string;
  }) => Promise<string>;
  /** List alert records (generated tool 46). */
  list_alert_046: (args: {
    /** The name as a number. */ name: number;
    /** Filter by status. */ status?: "open" | "closed" | "all";
    /** The limit as a number. */ limit?: number;
    /** The owner. */ owner?: string;
  }) => Promise<string>;
  /** List alert records (generated tool 91). */
  list_alert_091: (args: {
    since: { key: string; value?: string };
    /** Filter by name. */ name?: "open" | "closed" | "all";
    body?: boolean;
  }) => Promise<string>;
  /** List alert records (generated tool 147). */
  list_alert_147: (args: {
    cursor: { key: string; value?: string };
    /** The body as a number. */ body?: number;
    id?: string | null;
    owner?: boolean;
  }) => Promise<string>;
  /** List alert records (generated tool 179). */
  list_alert_179: (args: {
    /** The id as a number. */ id: number;
    /** One or more body values. */ body?: string[];
    labels?: boolean;
  }) => Promise<string>;
  /** List alert records (generated tool 265). */
  list_alert_265: (args: {
    labels: string | null;
    /** The id. */ id?: string;
    cursor?: { key: string; value?: string };
  }) => Promise<string>;
  /** List alert records (generated tool 278). */
  list_alert_278: (args: {
    /** One or more labels values. */ labels: string[];
  }) => Promise<string>;
  /** List alert records (generated tool 318). */
  list_alert_318: (args: {
    /** The limit. */ limit: string;
  }) => Promise<string>;
  /** List alert records (generated tool 391). */
  list_alert_391: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** Filter by status. */ status?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List alert records (generated tool 468). */
  list_alert_468: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** The id as a number. */ id?: number;
    since?: boolean;
    /** One or more body values. */ body?: string[];
  }) => Promise<string>;
  /** List branch records (generated tool 41). */
  list_branch_041: (args: {
    /** One or more status values. */ status: string[];
    /** One or more tags values. */ tags?: string[];
    labels?: boolean;
  }) => Promise<string>;
  /** List event records (generated tool 263). */
  list_event_263: (args: { title: { key: string; value?: string } }) => Promise<string>;
  /** List file records (generated tool 154). */
  list_file_154: (args: {
    cursor: boolean;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    /** One or more since values. */ since?: string[];
  }) => Promise<string>;
  /** List file records (generated tool 187). */
  list_file_187: (args: {
    /** The name. */ name: string;
    /** The query. */ query?: string;
    /** One or more since values. */ since?: string[];
  }) => Promise<string>;
  /** List file records (generated tool 267). */
  list_file_267: (args: {
    id: boolean;
    /** The name. */ name?: string;
    /** The title as a number. */ title?: number;
    /** The labels. */ labels?: string;
  }) => Promise<string>;
  /** List file records (generated tool 393). */
  list_file_393: (args: {
    title: boolean;
    /** The owner. */ owner?: string;
    /** The status as a number. */ status?: number;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** List file records (generated tool 403). */
  list_file_403: (args: {
    /** One or more name values. */ name: string[];
    /** The id. */ id?: string;
    /** The status as a number. */ status?: number;
    /** The since as a number. */ since?: number;
  }) => Promise<string>;
  /** List invoice records (generated tool 207). */
  list_invoice_207: (args: {
    /** The body as a number. */ body: number;
    name?: boolean;
    cursor?: boolean;
    title?: { key: string; value?: string };
  }) => Promise<string>;
  /** List invoice records (generated tool 335). */
  list_invoice_335: (args: {
    /** One or more cursor values. */ cursor: string[];
  }) => Promise<string>;
  /** List invoice records (generated tool 484). */
  list_invoice_484: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List invoice records (generated tool 485). */
  list_invoice_485: (args: {
    cursor: boolean;
    /** The id. */ id?: string;
    title?: boolean;
  }) => Promise<string>;
  /** List issue records (generated tool 367). */
  list_issue_367: (args: {
    /** The query. */ query: string;
    labels?: { key: string; value?: string };
    /** The id as a number. */ id?: number;
    status?: boolean;
  }) => Promise<string>;
  /** List job records (generated tool 151). */
  list_job_151: (args: {
    /** One or more body values. */ body: string[];
    status?: { key: string; value?: string };
  }) => Promise<string>;
  /** List metric records (generated tool 218). */
  list_metric_218: (args: { owner: { key: string; value?: string } }) => Promise<string>;
  /** List metric records (generated tool 307). */
  list_metric_307: (args: {
    /** The id. */ id: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List metric records (generated tool 368). */
  list_metric_368: (args: {
    owner: string | null;
    id?: string | null;
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** List metric records (generated tool 437). */
  list_metric_437: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** The query. */ query?: string;
    /** The tags as a number. */ tags?: number;
    body?: string | null;
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** List metric records (generated tool 459). */
  list_metric_459: (args: {
    /** The labels as a number. */ labels: number;
    title?: string | null;
    body?: { key: string; value?: string };
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** List metric records (generated tool 467). */
  list_metric_467: (args: {
    /** The cursor as a number. */ cursor: number;
  }) => Promise<string>;
  /** List page records (generated tool 180). */
  list_page_180: (args: {
    status: boolean;
    /** The limit. */ limit?: string;
    /** One or more labels values. */ labels?: string[];
  }) => Promise<string>;
  /** List page records (generated tool 328). */
  list_page_328: (args: {
    body: { key: string; value?: string };
    since?: string | null;
    title?: { key: string; value?: string };
  }) => Promise<string>;
  /** List page records (generated tool 343). */
  list_page_343: (args: {
    /** The name. */ name: string;
    /** The limit as a number. */ limit?: number;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List page records (generated tool 381). */
  list_page_381: (args: {
    /** The name. */ name: string;
    limit?: boolean;
    /** Filter by status. */ status?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List page records (generated tool 385). */
  list_page_385: (args: {
    /** The query as a number. */ query: number;
    /** Filter by body. */ body?: "open" | "closed" | "all";
    cursor?: string | null;
    name?: boolean;
  }) => Promise<string>;
  /** List repo records (generated tool 31). */
  list_repo_031: (args: {
    tags: boolean;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List repo records (generated tool 71). */
  list_repo_071: (args: {
    /** Filter by owner. */ owner: "open" | "closed" | "all";
    limit?: string | null;
  }) => Promise<string>;
  /** List ticket records (generated tool 50). */
  list_ticket_050: (args: {
    body: { key: string; value?: string };
    limit?: string | null;
  }) => Promise<string>;
  /** List ticket records (generated tool 90). */
  list_ticket_090: (args: {
    /** The id. */ id: string;
  }) => Promise<string>;
  /** List ticket records (generated tool 117). */
  list_ticket_117: (args: {
    owner: string | null;
    /** The tags. */ tags?: string;
  }) => Promise<string>;
  /** List ticket records (generated tool 190). */
  list_ticket_190: (args: {
    /** The query as a number. */ query: number;
    name?: string | null;
    id?: { key: string; value?: string };
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List ticket records (generated tool 260). */
  list_ticket_260: (args: { query: string | null; cursor?: boolean }) => Promise<string>;
  /** List ticket records (generated tool 370). */
  list_ticket_370: (args: {
    /** The name. */ name: string;
    owner?: boolean;
  }) => Promise<string>;
  /** List user records (generated tool 84). */
  list_user_084: (args: {
    since: { key: string; value?: string };
    /** The name as a number. */ name?: number;
    limit?: boolean;
  }) => Promise<string>;
  /** List user records (generated tool 296). */
  list_user_296: (args: {
    /** The query. */ query: string;
    cursor?: { key: string; value?: string };
    /** Filter by body. */ body?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** List user records (generated tool 491). */
  list_user_491: (args: {
    /** The tags. */ tags: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search alert records (generated tool 124). */
  search_alert_124: (args: {
    /** The title as a number. */ title: number;
    /** The query. */ query?: string;
  }) => Promise<string>;
  /** Search alert records (generated tool 346). */
  search_alert_346: (args: {
    /** The name. */ name: string;
  }) => Promise<string>;
  /** Search alert records (generated tool 377). */
  search_alert_377: (args: {
    /** One or more name values. */ name: string[];
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    limit?: boolean;
    /** The id as a number. */ id?: number;
  }) => Promise<string>;
  /** Search branch records (generated tool 86). */
  search_branch_086: (args: {
    /** One or more query values. */ query: string[];
    /** The id as a number. */ id?: number;
  }) => Promise<string>;
  /** Search branch records (generated tool 289). */
  search_branch_289: (args: {
    id: boolean;
    /** One or more since values. */ since?: string[];
    /** The cursor. */ cursor?: string;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Search branch records (generated tool 464). */
  search_branch_464: (args: {
    labels: { key: string; value?: string };
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Search branch records (generated tool 478). */
  search_branch_478: (args: {
    name: { key: string; value?: string };
    /** Filter by since. */ since?: "open" | "closed" | "all";
    /** The id as a number. */ id?: number;
    limit?: string | null;
  }) => Promise<string>;
  /** Search event records (generated tool 92). */
  search_event_092: (args: { id: boolean }) => Promise<string>;
  /** Search event records (generated tool 111). */
  search_event_111: (args: {
    /** The labels. */ labels: string;
  }) => Promise<string>;
  /** Search event records (generated tool 277). */
  search_event_277: (args: { since: { key: string; value?: string } }) => Promise<string>;
  /** Search event records (generated tool 330). */
  search_event_330: (args: {
    query: boolean;
    owner?: { key: string; value?: string };
    body?: { key: string; value?: string };
  }) => Promise<string>;
  /** Search file records (generated tool 1). */
  search_file_001: (args: { title: boolean; tags?: string | null }) => Promise<string>;
  /** Search file records (generated tool 342). */
  search_file_342: (args: {
    /** One or more name values. */ name: string[];
  }) => Promise<string>;
  /** Search file records (generated tool 348). */
  search_file_348: (args: {
    /** The query. */ query: string;
  }) => Promise<string>;
  /** Search file records (generated tool 359). */
  search_file_359: (args: {
    /** The tags. */ tags: string;
    /** The labels as a number. */ labels?: number;
    /** The title as a number. */ title?: number;
    body?: string | null;
  }) => Promise<string>;
  /** Search issue records (generated tool 362). */
  search_issue_362: (args: {
    body: string | null;
    /** The labels as a number. */ labels?: number;
  }) => Promise<string>;
  /** Search issue records (generated tool 371). */
  search_issue_371: (args: {
    /** The limit as a number. */ limit: number;
    /** The tags. */ tags?: string;
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Search job records (generated tool 95). */
  search_job_095: (args: { cursor: boolean }) => Promise<string>;
  /** Search job records (generated tool 132). */
  search_job_132: (args: {
    /** The title. */ title: string;
  }) => Promise<string>;
  /** Search job records (generated tool 146). */
  search_job_146: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    /** The query. */ query?: string;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search job records (generated tool 156). */
  search_job_156: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** Filter by limit. */ limit?: "open" | "closed" | "all";
    /** The id. */ id?: string;
  }) => Promise<string>;
  /** Search job records (generated tool 379). */
  search_job_379: (args: {
    /** The since. */ since: string;
    title?: { key: string; value?: string };
    owner?: boolean;
  }) => Promise<string>;
  /** Search job records (generated tool 429). */
  search_job_429: (args: {
    limit: { key: string; value?: string };
    /** Filter by title. */ title?: "open" | "closed" | "all";
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Search metric records (generated tool 184). */
  search_metric_184: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** One or more since values. */ since?: string[];
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Search metric records (generated tool 216). */
  search_metric_216: (args: {
    /** The status as a number. */ status: number;
    /** The tags. */ tags?: string;
    /** One or more id values. */ id?: string[];
  }) => Promise<string>;
  /** Search metric records (generated tool 356). */
  search_metric_356: (args: {
    /** Filter by limit. */ limit: "open" | "closed" | "all";
    body?: string | null;
  }) => Promise<string>;
  /** Search metric records (generated tool 407). */
  search_metric_407: (args: { tags: { key: string; value?: string } }) => Promise<string>;
  /** Search metric records (generated tool 424). */
  search_metric_424: (args: {
    since: boolean;
    /** The query. */ query?: string;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    status?: string | null;
    body?: { key: string; value?: string };
  }) => Promise<string>;
  /** Search page records (generated tool 229). */
  search_page_229: (args: {
    /** The tags as a number. */ tags: number;
    /** The title as a number. */ title?: number;
    status?: string | null;
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Search page records (generated tool 240). */
  search_page_240: (args: {
    /** The since. */ since: string;
    /** One or more limit values. */ limit?: string[];
    /** Filter by query. */ query?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search page records (generated tool 295). */
  search_page_295: (args: {
    /** The name. */ name: string;
  }) => Promise<string>;
  /** Search page records (generated tool 423). */
  search_page_423: (args: {
    status: string | null;
    name?: string | null;
    body?: string | null;
    /** Filter by owner. */ owner?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search page records (generated tool 446). */
  search_page_446: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** The body. */ body?: string;
    /** The name. */ name?: string;
    limit?: { key: string; value?: string };
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Search page records (generated tool 450). */
  search_page_450: (args: {
    /** The limit. */ limit: string;
    /** The name. */ name?: string;
    /** The owner as a number. */ owner?: number;
  }) => Promise<string>;
  /** Search repo records (generated tool 239). */
  search_repo_239: (args: {
    /** One or more name values. */ name: string[];
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Search repo records (generated tool 245). */
  search_repo_245: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    tags?: boolean;
  }) => Promise<string>;
  /** Search repo records (generated tool 256). */
  search_repo_256: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search repo records (generated tool 337). */
  search_repo_337: (args: {
    /** The tags as a number. */ tags: number;
  }) => Promise<string>;
  /** Search ticket records (generated tool 138). */
  search_ticket_138: (args: {
    /** The labels. */ labels: string;
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Search ticket records (generated tool 194). */
  search_ticket_194: (args: {
    body: string | null;
    /** The query as a number. */ query?: number;
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Search ticket records (generated tool 319). */
  search_ticket_319: (args: {
    /** The tags as a number. */ tags: number;
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Search ticket records (generated tool 322). */
  search_ticket_322: (args: {
    cursor: boolean;
    /** One or more tags values. */ tags?: string[];
    query?: { key: string; value?: string };
  }) => Promise<string>;
  /** Search ticket records (generated tool 375). */
  search_ticket_375: (args: {
    /** The since. */ since: string;
    owner?: { key: string; value?: string };
    /** The tags. */ tags?: string;
  }) => Promise<string>;
  /** Search ticket records (generated tool 453). */
  search_ticket_453: (args: {
    /** The tags as a number. */ tags: number;
    /** Filter by since. */ since?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search user records (generated tool 14). */
  search_user_014: (args: {
    status: { key: string; value?: string };
    limit?: boolean;
    /** The query as a number. */ query?: number;
    /** The owner. */ owner?: string;
  }) => Promise<string>;
  /** Search user records (generated tool 15). */
  search_user_015: (args: {
    title: string | null;
    /** The body as a number. */ body?: number;
    /** The status as a number. */ status?: number;
    id?: string | null;
    /** The labels. */ labels?: string;
  }) => Promise<string>;
  /** Search user records (generated tool 107). */
  search_user_107: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Search user records (generated tool 215). */
  search_user_215: (args: {
    body: boolean;
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Sync alert records (generated tool 143). */
  sync_alert_143: (args: {
    /** The since as a number. */ since: number;
  }) => Promise<string>;
  /** Sync alert records (generated tool 258). */
  sync_alert_258: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Sync alert records (generated tool 292). */
  sync_alert_292: (args: {
    /** One or more since values. */ since: string[];
  }) => Promise<string>;
  /** Sync alert records (generated tool 303). */
  sync_alert_303: (args: { since: string | null }) => Promise<string>;
  /** Sync branch records (generated tool 78). */
  sync_branch_078: (args: { labels: string | null }) => Promise<string>;
  /** Sync branch records (generated tool 201). */
  sync_branch_201: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** One or more cursor values. */ cursor?: string[];
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    /** One or more owner values. */ owner?: string[];
  }) => Promise<string>;
  /** Sync branch records (generated tool 208). */
  sync_branch_208: (args: {
    /** The tags. */ tags: string;
    labels?: { key: string; value?: string };
    id?: boolean;
    /** The cursor. */ cursor?: string;
    title?: boolean;
  }) => Promise<string>;
  /** Sync branch records (generated tool 251). */
  sync_branch_251: (args: {
    name: { key: string; value?: string };
    /** One or more since values. */ since?: string[];
    tags?: boolean;
    /** The owner. */ owner?: string;
  }) => Promise<string>;
  /** Sync branch records (generated tool 376). */
  sync_branch_376: (args: {
    query: string | null;
    cursor?: boolean;
    /** One or more status values. */ status?: string[];
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** Sync event records (generated tool 122). */
  sync_event_122: (args: {
    /** Filter by id. */ id: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Sync event records (generated tool 139). */
  sync_event_139: (args: { limit: boolean }) => Promise<string>;
  /** Sync event records (generated tool 185). */
  sync_event_185: (args: { body: string | null; title?: boolean }) => Promise<string>;
  /** Sync event records (generated tool 426). */
  sync_event_426: (args: {
    /** One or more tags values. */ tags: string[];
  }) => Promise<string>;
  /** Sync file records (generated tool 157). */
  sync_file_157: (args: { query: { key: string; value?: string } }) => Promise<string>;
  /** Sync file records (generated tool 480). */
  sync_file_480: (args: {
    /** The body as a number. */ body: number;
  }) => Promise<string>;
  /** Sync file records (generated tool 490). */
  sync_file_490: (args: {
    /** The query. */ query: string;
    body?: { key: string; value?: string };
  }) => Promise<string>;
  /** Sync invoice records (generated tool 8). */
  sync_invoice_008: (args: {
    /** The tags. */ tags: string;
    limit?: string | null;
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Sync invoice records (generated tool 37). */
  sync_invoice_037: (args: { owner: string | null }) => Promise<string>;
  /** Sync invoice records (generated tool 112). */
  sync_invoice_112: (args: {
    /** The name as a number. */ name: number;
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    /** The query as a number. */ query?: number;
  }) => Promise<string>;
  /** Sync invoice records (generated tool 141). */
  sync_invoice_141: (args: {
    /** The owner. */ owner: string;
    /** One or more body values. */ body?: string[];
    /** The title as a number. */ title?: number;
    cursor?: { key: string; value?: string };
  }) => Promise<string>;
  /** Sync invoice records (generated tool 166). */
  sync_invoice_166: (args: {
    /** The title as a number. */ title: number;
    /** The labels. */ labels?: string;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Sync invoice records (generated tool 288). */
  sync_invoice_288: (args: {
    /** Filter by title. */ title: "open" | "closed" | "all";
    since?: boolean;
    /** The labels. */ labels?: string;
  }) => Promise<string>;
  /** Sync invoice records (generated tool 345). */
  sync_invoice_345: (args: {
    /** The owner. */ owner: string;
    limit?: boolean;
    /** The cursor. */ cursor?: string;
    tags?: string | null;
    name?: string | null;
  }) => Promise<string>;
  /** Sync invoice records (generated tool 440). */
  sync_invoice_440: (args: {
    body: string | null;
    /** The status as a number. */ status?: number;
  }) => Promise<string>;
  /** Sync invoice records (generated tool 455). */
  sync_invoice_455: (args: {
    /** Filter by status. */ status: "open" | "closed" | "all";
    /** The owner as a number. */ owner?: number;
    id?: { key: string; value?: string };
  }) => Promise<string>;
  /** Sync issue records (generated tool 21). */
  sync_issue_021: (args: {
    /** Filter by status. */ status: "open" | "closed" | "all";
    id?: string | null;
    since?: { key: string; value?: string };
    /** The labels. */ labels?: string;
    /** The tags as a number. */ tags?: number;
  }) => Promise<string>;
  /** Sync issue records (generated tool 140). */
  sync_issue_140: (args: {
    /** One or more query values. */ query: string[];
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
  /** Sync issue records (generated tool 181). */
  sync_issue_181: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** The status. */ status?: string;
    /** The body as a number. */ body?: number;
  }) => Promise<string>;
  /** Sync issue records (generated tool 294). */
  sync_issue_294: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Sync job records (generated tool 176). */
  sync_job_176: (args: {
    tags: boolean;
    /** The labels as a number. */ labels?: number;
    limit?: boolean;
    /** Filter by owner. */ owner?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Sync job records (generated tool 212). */
  sync_job_212: (args: {
    /** One or more query values. */ query: string[];
    name?: { key: string; value?: string };
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Sync job records (generated tool 287). */
  sync_job_287: (args: {
    labels: string | null;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Sync job records (generated tool 499). */
  sync_job_499: (args: {
    cursor: boolean;
    /** The status. */ status?: string;
    body?: string | null;
    /** The query. */ query?: string;
  }) => Promise<string>;
  /** Sync metric records (generated tool 5). */
  sync_metric_005: (args: {
    body: { key: string; value?: string };
    /** One or more cursor values. */ cursor?: string[];
    query?: string | null;
  }) => Promise<string>;
  /** Sync metric records (generated tool 18). */
  sync_metric_018: (args: {
    /** The name as a number. */ name: number;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Sync metric records (generated tool 61). */
  sync_metric_061: (args: {
    /** One or more status values. */ status: string[];
    /** The limit as a number. */ limit?: number;
  }) => Promise<string>;
  /** Sync metric records (generated tool 172). */
  sync_metric_172: (args: {
    /** The query as a number. */ query: number;
    /** The name. */ name?: string;
    tags?: { key: string; value?: string };
    /** The cursor. */ cursor?: string;
  }) => Promise<string>;
  /** Sync metric records (generated tool 283). */
  sync_metric_283: (args: {
    /** The owner as a number. */ owner: number;
  }) => Promise<string>;
  /** Sync metric records (generated tool 285). */
  sync_metric_285: (args: { query: string | null; title?: boolean }) => Promise<string>;
  /** Sync metric records (generated tool 349). */
  sync_metric_349: (args: {
    /** The owner as a number. */ owner: number;
    cursor?: string | null;
    labels?: string | null;
  }) => Promise<string>;
  /** Sync metric records (generated tool 394). */
  sync_metric_394: (args: { title: string | null }) => Promise<string>;
  /** Sync page records (generated tool 97). */
  sync_page_097: (args: { limit: boolean }) => Promise<string>;
  /** Sync page records (generated tool 105). */
  sync_page_105: (args: {
    labels: boolean;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Sync page records (generated tool 155). */
  sync_page_155: (args: { query: string | null }) => Promise<string>;
  /** Sync page records (generated tool 234). */
  sync_page_234: (args: { body: { key: string; value?: string }; id?: boolean }) => Promise<string>;
  /** Sync page records (generated tool 321). */
  sync_page_321: (args: {
    /** Filter by labels. */ labels: "open" | "closed" | "all";
    cursor?: boolean;
  }) => Promise<string>;
  /** Sync repo records (generated tool 237). */
  sync_repo_237: (args: {
    id: { key: string; value?: string };
    since?: boolean;
    /** The cursor. */ cursor?: string;
    /** One or more limit values. */ limit?: string[];
  }) => Promise<string>;
  /** Sync repo records (generated tool 274). */
  sync_repo_274: (args: { cursor: boolean }) => Promise<string>;
  /** Sync repo records (generated tool 293). */
  sync_repo_293: (args: {
    limit: boolean;
    /** The cursor. */ cursor?: string;
  }) => Promise<string>;
  /** Sync repo records (generated tool 306). */
  sync_repo_306: (args: {
    owner: { key: string; value?: string };
    cursor?: { key: string; value?: string };
    /** Filter by labels. */ labels?: "open" | "closed" | "all";
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Sync repo records (generated tool 341). */
  sync_repo_341: (args: {
    /** The body as a number. */ body: number;
    /** Filter by id. */ id?: "open" | "closed" | "all";
    /** The limit. */ limit?: string;
  }) => Promise<string>;
  /** Sync ticket records (generated tool 72). */
  sync_ticket_072: (args: {
    /** The labels as a number. */ labels: number;
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Sync ticket records (generated tool 252). */
  sync_ticket_252: (args: {
    /** The since. */ since: string;
    query?: { key: string; value?: string };
    /** The name as a number. */ name?: number;
    /** The tags. */ tags?: string;
    /** The body as a number. */ body?: number;
  }) => Promise<string>;
  /** Sync ticket records (generated tool 310). */
  sync_ticket_310: (args: {
    status: { key: string; value?: string };
    /** One or more limit values. */ limit?: string[];
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Sync user records (generated tool 227). */
  sync_user_227: (args: {
    /** One or more query values. */ query: string[];
    /** The title as a number. */ title?: number;
    /** The cursor. */ cursor?: string;
  }) => Promise<string>;
  /** Sync user records (generated tool 435). */
  sync_user_435: (args: {
    /** One or more labels values. */ labels: string[];
    /** The name as a number. */ name?: number;
    /** The owner. */ owner?: string;
  }) => Promise<string>;
  /** Sync user records (generated tool 457). */
  sync_user_457: (args: {
    /** Filter by since. */ since: "open" | "closed" | "all";
    /** The tags. */ tags?: string;
    id?: string | null;
  }) => Promise<string>;
  /** Update alert records (generated tool 6). */
  update_alert_006: (args: {
    query: string | null;
    body?: { key: string; value?: string };
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Update alert records (generated tool 39). */
  update_alert_039: (args: {
    status: boolean;
    body?: boolean;
    /** One or more query values. */ query?: string[];
    title?: boolean;
  }) => Promise<string>;
  /** Update alert records (generated tool 120). */
  update_alert_120: (args: {
    /** Filter by labels. */ labels: "open" | "closed" | "all";
    query?: { key: string; value?: string };
    title?: boolean;
  }) => Promise<string>;
  /** Update alert records (generated tool 226). */
  update_alert_226: (args: {
    /** One or more name values. */ name: string[];
    /** One or more labels values. */ labels?: string[];
  }) => Promise<string>;
  /** Update alert records (generated tool 241). */
  update_alert_241: (args: {
    /** The title. */ title: string;
    /** The query. */ query?: string;
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Update alert records (generated tool 262). */
  update_alert_262: (args: {
    /** Filter by body. */ body: "open" | "closed" | "all";
    owner?: string | null;
    limit?: string | null;
    query?: string | null;
  }) => Promise<string>;
  /** Update alert records (generated tool 451). */
  update_alert_451: (args: {
    /** The query. */ query: string;
  }) => Promise<string>;
  /** Update branch records (generated tool 56). */
  update_branch_056: (args: {
    /** Filter by tags. */ tags: "open" | "closed" | "all";
    /** Filter by status. */ status?: "open" | "closed" | "all";
    limit?: string | null;
    /** One or more cursor values. */ cursor?: string[];
  }) => Promise<string>;
  /** Update branch records (generated tool 88). */
  update_branch_088: (args: {
    query: string | null;
    /** The name as a number. */ name?: number;
    since?: { key: string; value?: string };
  }) => Promise<string>;
  /** Update branch records (generated tool 392). */
  update_branch_392: (args: {
    cursor: boolean;
    /** The tags. */ tags?: string;
    /** One or more title values. */ title?: string[];
  }) => Promise<string>;
  /** Update event records (generated tool 24). */
  update_event_024: (args: {
    status: { key: string; value?: string };
    limit?: { key: string; value?: string };
    /** Filter by since. */ since?: "open" | "closed" | "all";
    labels?: boolean;
    /** The tags as a number. */ tags?: number;
  }) => Promise<string>;
  /** Update event records (generated tool 357). */
  update_event_357: (args: {
    /** The title. */ title: string;
  }) => Promise<string>;
  /** Update event records (generated tool 378). */
  update_event_378: (args: {
    id: boolean;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    cursor?: { key: string; value?: string };
    /** The query. */ query?: string;
  }) => Promise<string>;
  /** Update event records (generated tool 425). */
  update_event_425: (args: {
    owner: string | null;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    /** The cursor. */ cursor?: string;
  }) => Promise<string>;
  /** Update file records (generated tool 42). */
  update_file_042: (args: {
    title: boolean;
    /** Filter by query. */ query?: "open" | "closed" | "all";
    limit?: string | null;
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Update file records (generated tool 47). */
  update_file_047: (args: {
    /** One or more owner values. */ owner: string[];
  }) => Promise<string>;
  /** Update file records (generated tool 134). */
  update_file_134: (args: {
    /** Filter by owner. */ owner: "open" | "closed" | "all";
    /** The query. */ query?: string;
    /** The name. */ name?: string;
  }) => Promise<string>;
  /** Update file records (generated tool 150). */
  update_file_150: (args: {
    /** The query. */ query: string;
    title?: boolean;
    /** Filter by cursor. */ cursor?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Update file records (generated tool 309). */
  update_file_309: (args: {
    /** The labels as a number. */ labels: number;
  }) => Promise<string>;
  /** Update invoice records (generated tool 44). */
  update_invoice_044: (args: {
    /** The query. */ query: string;
  }) => Promise<string>;
  /** Update invoice records (generated tool 49). */
  update_invoice_049: (args: {
    tags: string | null;
    /** The id. */ id?: string;
    labels?: string | null;
  }) => Promise<string>;
  /** Update invoice records (generated tool 125). */
  update_invoice_125: (args: {
    title: boolean;
    name?: { key: string; value?: string };
    /** One or more owner values. */ owner?: string[];
    status?: { key: string; value?: string };
    body?: boolean;
  }) => Promise<string>;
  /** Update invoice records (generated tool 159). */
  update_invoice_159: (args: {
    /** The title. */ title: string;
  }) => Promise<string>;
  /** Update invoice records (generated tool 175). */
  update_invoice_175: (args: {
    /** The since. */ since: string;
    /** One or more id values. */ id?: string[];
  }) => Promise<string>;
  /** Update invoice records (generated tool 438). */
  update_invoice_438: (args: {
    owner: { key: string; value?: string };
    tags?: string | null;
  }) => Promise<string>;
  /** Update issue records (generated tool 25). */
  update_issue_025: (args: {
    /** The owner. */ owner: string;
    /** The title. */ title?: string;
    /** One or more cursor values. */ cursor?: string[];
  }) => Promise<string>;
  /** Update issue records (generated tool 199). */
  update_issue_199: (args: {
    /** One or more name values. */ name: string[];
    limit?: string | null;
    /** Filter by title. */ title?: "open" | "closed" | "all";
    /** The body. */ body?: string;
  }) => Promise<string>;
  /** Update issue records (generated tool 445). */
  update_issue_445: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
    /** The since. */ since?: string;
  }) => Promise<string>;
  /** Update job records (generated tool 9). */
  update_job_009: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Update job records (generated tool 286). */
  update_job_286: (args: {
    /** The status. */ status: string;
    owner?: { key: string; value?: string };
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
  }) => Promise<string>;
  /** Update job records (generated tool 317). */
  update_job_317: (args: {
    /** The id. */ id: string;
    /** One or more limit values. */ limit?: string[];
    since?: { key: string; value?: string };
  }) => Promise<string>;
  /** Update metric records (generated tool 443). */
  update_metric_443: (args: {
    /** The name as a number. */ name: number;
    /** Filter by tags. */ tags?: "open" | "closed" | "all";
    id?: boolean;
    /** The query. */ query?: string;
  }) => Promise<string>;
  /** Update page records (generated tool 89). */
  update_page_089: (args: {
    /** The tags as a number. */ tags: number;
    owner?: { key: string; value?: string };
  }) => Promise<string>;
  /** Update repo records (generated tool 69). */
  update_repo_069: (args: {
    /** The name. */ name: string;
    /** The status. */ status?: string;
  }) => Promise<string>;
  /** Update repo records (generated tool 169). */
  update_repo_169: (args: {
    title: { key: string; value?: string };
    id?: { key: string; value?: string };
  }) => Promise<string>;
  /** Update repo records (generated tool 475). */
  update_repo_475: (args: {
    /** One or more limit values. */ limit: string[];
    /** One or more name values. */ name?: string[];
  }) => Promise<string>;
  /** Update ticket records (generated tool 158). */
  update_ticket_158: (args: {
    /** The since as a number. */ since: number;
    status?: string | null;
    /** One or more tags values. */ tags?: string[];
  }) => Promise<string>;
  /** Update ticket records (generated tool 164). */
  update_ticket_164: (args: {
    /** Filter by query. */ query: "open" | "closed" | "all";
    title?: { key: string; value?: string };
    since?: boolean;
  }) => Promise<string>;
  /** Update ticket records (generated tool 244). */
  update_ticket_244: (args: {
    body: { key: string; value?: string };
    /** The cursor as a number. */ cursor?: number;
  }) => Promise<string>;
  /** Update ticket records (generated tool 444). */
  update_ticket_444: (args: {
    /** The name. */ name: string;
    /** Filter by query. */ query?: "open" | "closed" | "all";
    /** One or more labels values. */ labels?: string[];
    limit?: boolean;
  }) => Promise<string>;
  /** Update user records (generated tool 182). */
  update_user_182: (args: { limit: { key: string; value?: string }; title?: boolean }) => Promise<string>;
  /** Update user records (generated tool 279). */
  update_user_279: (args: {
    /** Filter by status. */ status: "open" | "closed" | "all";
    /** One or more cursor values. */ cursor?: string[];
    tags?: boolean;
    query?: { key: string; value?: string };
    /** The title. */ title?: string;
  }) => Promise<string>;
  /** Update user records (generated tool 331). */
  update_user_331: (args: {
    /** The cursor as a number. */ cursor: number;
    /** The owner. */ owner?: string;
    /** One or more status values. */ status?: string[];
  }) => Promise<string>;
  /** Update user records (generated tool 380). */
  update_user_380: (args: {
    /** Filter by status. */ status: "open" | "closed" | "all";
    /** The labels. */ labels?: string;
    tags?: string | null;
    /** The name as a number. */ name?: number;
  }) => Promise<string>;
};
