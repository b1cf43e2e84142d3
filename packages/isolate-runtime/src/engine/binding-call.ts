import { bindingErrorCode, toLosslessJson } from '@isocode/code-runtime'
import type { CodeBinding, CodeCallSite, JsonValue, RunJournal } from '@isocode/code-runtime'
import { describeHostError } from './describe-error.ts'

/** One binding namespace as plain data (what the guest prelude installs and a supervised child rebuilds): names only, the functions stay in the parent. */
export interface NamespaceShape {
  global: string
  members: string[]
  errorClass?: { name: string; memberNameProperty: string }
  /** Every member receives its positional arguments as one array (RT-60). */
  positional?: true
}

/**
 * What one binding call gives the program: a lossless JSON value (or undefined), or a message and,
 * when the thrown error carried one, its `code` (rule RT-63).
 */
export type BindingOutcome = { ok: true; value: JsonValue | undefined } | { ok: false; message: string; code?: string }

/**
 * The setup text the guest prelude's start reads: the output cap, each namespace's shape, where it
 * starts, and the journal to serve when the run keeps one (absent otherwise, so the guest installs
 * nothing for it: rule RT-49).
 */
export function guestSetup(
  outputBytes: number,
  shapes: readonly NamespaceShape[],
  onHostThread: boolean,
  journal?: RunJournal,
): string {
  return JSON.stringify({
    journal,
    // why: the prelude's wire name for the output cap.
    outputCap: outputBytes,
    // why: a program started on the host's thread sends its console lines synchronously from the start.
    onHostThread,
    // why: the prelude's wire names the error class's member property `member`, null when absent.
    namespaces: shapes.map(({ global, members, errorClass, positional }) => ({
      global,
      members,
      errorClass: errorClass ? { name: errorClass.name, member: errorClass.memberNameProperty } : null,
      positional: positional === true,
    })),
  })
}

/**
 * Invoke `member` of `table` with the arguments `readArgs` gives and check its result as lossless
 * JSON; never throws. Both backends use it, so a program sees the same values and messages.
 */
export async function callBinding(
  table: Map<string, CodeBinding> | undefined,
  member: string,
  readArgs: () => unknown,
  site?: CodeCallSite,
): Promise<BindingOutcome> {
  const binding = table?.get(member)
  if (binding === undefined) return { ok: false, message: `${member} is not a binding of this run` }
  try {
    // why: a binding of a run without a journal is called exactly as before, with one argument.
    const value: unknown = await (site === undefined ? binding(readArgs()) : binding(readArgs(), site))
    if (value === undefined) return { ok: true, value: undefined }
    const checked = toLosslessJson(value)
    return checked.ok
      ? { ok: true, value: checked.value }
      : { ok: false, message: `${member}: the result is not lossless JSON (${checked.reason})` }
  } catch (error) {
    const code = bindingErrorCode(error)
    return code === undefined
      ? { ok: false, message: describeHostError(error) }
      : { ok: false, message: describeHostError(error), code }
  }
}
