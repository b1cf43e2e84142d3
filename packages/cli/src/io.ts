/** Where a command writes: stdout for results, stderr for diagnostics. */
export interface Io {
  out(text: string): void
  err(text: string): void
}
