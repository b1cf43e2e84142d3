import type { ScopeKey } from '@isocode/harness'

/** What changed in the registry. */
export type ToolsChangeKind = 'register' | 'unregister' | 'restrict' | 'unrestrict' | 'programs'

/** Payload of the unfiltered `tools/change` event. */
export interface ToolsChange {
  readonly kind: ToolsChangeKind
  /** The layer that changed: `undefined` = global, else the agent scope. */
  readonly scope: ScopeKey | undefined
  /** The tool names involved (the registered name, or the names a restriction lists). */
  readonly names: readonly string[]
}

declare module 'cordis' {
  interface Events {
    /**
     * Registry shared-state notification, deliberately unfiltered: every listener (global or
     * scoped) sees every change. Fired on register, unregister, restrict and its lift, and when a
     * saved program is saved or deleted (`programs`, R-120); not on guard.
     */
    'tools/change'(change: ToolsChange): void
  }
}

/** Build a frozen change payload. */
export function toolsChange(kind: ToolsChangeKind, scope: ScopeKey | undefined, names: readonly string[]): ToolsChange {
  return Object.freeze({ kind, scope, names: Object.freeze([...names]) })
}
