let warned = false

/** Whether this process runs with `--no-node-snapshot` (argv or NODE_OPTIONS). */
export function hasNoNodeSnapshot(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  return execArgv.includes('--no-node-snapshot') || nodeOptions.split(/\s+/).includes('--no-node-snapshot')
}

/**
 * Warn once per process when `--no-node-snapshot` is missing: isolated-vm requires it on Node ≥ 20
 * (shared read-only heap), although nothing failed without it on this machine. See the README.
 */
export function warnWithoutNoNodeSnapshot(): void {
  if (warned || hasNoNodeSnapshot()) return
  warned = true
  process.emitWarning(
    'isolated-vm needs Node started with --no-node-snapshot on Node >= 20; without it isolates may crash. ' +
      'Fix: run `node --no-node-snapshot …` (vitest: execArgv in a forks pool).',
    { code: 'ISOCODE_NO_NODE_SNAPSHOT' },
  )
}
