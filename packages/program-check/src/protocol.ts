// The messages between a checker and its worker thread.
import type { CheckError } from './types.ts'

/** One check asked of the worker. */
export interface CheckRequest {
  id: number
  code: string
  /** The SDK text, absent when it is the one of this worker's previous request (it keeps that one). */
  sdkText?: string
  /** Also infer the type of what the program returns. */
  infer?: boolean
}

/** The worker's answer: the proven errors, or why the analysis failed. */
export type CheckReply = { id: number; errors: CheckError[]; output?: string } | { id: number; failure: string }

/** What the worker posts once TypeScript is loaded, before any reply. */
export const READY = 'ready'
