import { Service } from 'cordis'
import type { Context } from 'cordis'
import type { JsonValue } from './json.ts'
import type { ScopeKey } from './scope-key.ts'

declare module 'cordis' {
  interface Context {
    session: SessionSink
  }
}

/** A durable session event: a `type` (e.g. `tool/code-dispatch`) plus JSON fields. */
export interface SessionEvent {
  type: string
  [key: string]: JsonValue
}

/**
 * Base class of the session log seam, mounted under the Cordis service name `session`. Optional;
 * writers read it with `ctx.get('session')` and skip logging when it is absent.
 */
export abstract class SessionSink extends Service {
  constructor(ctx: Context) {
    super(ctx, 'session')
  }

  /** Append `event` to the log of `scope` (`undefined` = the global/unscoped session). */
  abstract append(scope: ScopeKey | undefined, event: SessionEvent): void | Promise<void>
}
