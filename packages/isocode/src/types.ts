/** A JSON value: what tools take and return and what a program may return. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** What a run produced; `text` is what the model should read (the text run_code gives today). */
export interface CodeModeResult {
  ok: boolean                       // true when error is undefined
  value?: JsonValue                 // the returned value (absent when nothing was returned)
  logs: string[]                    // console lines
  usage: { cpuMs: number; wallMs: number; toolCalls: number; outputBytes: number }
  error?: { kind: string; message: string; line?: number; column?: number }
  text: string                      // model-facing text (logs + value, or the failure explained)
}

/** The arguments of `run_code`: the program, and an optional note of what it does. */
export interface RunCodeArgs { code: string; description?: string }

/** The one tool to hand a model: name `run_code`, JSON Schema input, structured result. */
export interface CodeModeTool {
  readonly name: 'run_code'
  readonly description: string      // includes the tools:sdk text, so the tool alone is enough
  readonly inputSchema: { type: 'object'; properties: Record<string, unknown>; required: string[]; additionalProperties: false }
  execute(args: RunCodeArgs, options?: { signal?: AbortSignal }): Promise<CodeModeResult>
}

export interface CodeMode extends AsyncDisposable {
  readonly sdk: string              // the tools:sdk text (full or compact)
  readonly tool: CodeModeTool
  run(code: string, options?: { signal?: AbortSignal }): Promise<CodeModeResult>
  close(): Promise<void>            // idempotent; run() after close() rejects with a clear error
}
