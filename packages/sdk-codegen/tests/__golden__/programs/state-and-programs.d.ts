/** State kept between runs in this run's scope (JSON values; 1 MiB a value, 16 MiB and 10,000 keys a scope). A write stays even when the run later fails. */
declare const state: {
  get<T = unknown>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<boolean>;
  keys(prefix?: string): Promise<string[]>;
};
/** Saved programs: call one like a tool, `await programs.name(input)`. */
declare const programs: {
  /** Removes old rows. (stale: tools.delete_rows changed; calling it fails) */
  cleanup(input?: unknown): Promise<unknown>;
  /** Sums one week. */
  weeklyReport(input: { week: number }): Promise<{ total: number; }>;
};
