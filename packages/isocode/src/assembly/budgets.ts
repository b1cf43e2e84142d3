// The limits' names, in a file of their own: the public options type reads them, and this file
// imports nothing, so the facade's exported .d.ts never reach the MCP bridge's or Cordis's types.
/** The limits of every run, one spelling each (facade `budgets.<key>`, CLI `--<flag>`, registry config). */
export interface Budgets {
  /** CPU time of one run in ms (the runtime's default, 5,000). */
  cpuMs?: number
  /** Wall time of one run in ms (the runtime's default, 30,000); raised to `cpuMs` when only that is given. */
  wallMs?: number
  /** Isolate heap limit in MB (the runtime's default, 64). */
  memoryMb?: number
  /** Bytes of console output and returned value kept per run (the runtime's default, 65,536). */
  outputBytes?: number
  /** Tool calls one run may make; one more ends it with kind `tool-call-limit` (the registry's default, 1,000). */
  toolCalls?: number
  /** Byte budget of the full tools:sdk section before the compact one replaces it (the registry's default, 16,384). */
  sdkBytes?: number
}
