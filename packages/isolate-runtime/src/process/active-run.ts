import type { CodeBinding, CodeRunResult } from '@isocode/code-runtime'
import type { ConcurrencyTables } from '../concurrency.ts'
import type { OutputBook } from '../output.ts'
import type { Call, Reply } from './protocol.ts'

/** The one run a ChildHost serves: its bindings, output, binding queue and settlement hooks. */
export interface ActiveRun {
  id: number
  members: Map<string, CodeBinding>[]
  /** The lines that reached the parent, held to the output cap here too. */
  output: OutputBook
  resolve: (result: CodeRunResult) => void
  /** When the run was handed to the child, and the binding calls the parent ran for it. */
  startedAt: number
  bindingCalls: number
  bindingMs: number
  /** Calls waiting for their turn, and replies not yet sent. */
  queue: Call[]
  /** Each namespace's concurrency-safe members and their bound (see `concurrency.ts`). */
  concurrency: ConcurrencyTables
  /** Calls running now, and whether one of them must run alone. */
  running: number
  exclusive: boolean
  outbox: Reply[]
  onLog: ((line: string) => void) | undefined
  detach: () => void
  timers: NodeJS.Timeout[]
}
