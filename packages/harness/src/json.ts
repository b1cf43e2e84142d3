import type { JsonValue } from '@isocode/code-runtime'

export type { JsonValue }

/** A JSON object (tool parameters, session event fields). */
export type JsonObject = { [key: string]: JsonValue }
