// The check before a run: the program against the full declarations of the run's tools,
// in @isocode/program-check's worker thread. A blocked program becomes a run that made no call
// and failed with the kind `check`; a checker that crashed or timed out lets the program run.
import type { CodeRunResult } from '@isocode/code-runtime'
import { createProgramChecker, type Inspection, type ProgramChecker } from '@isocode/program-check'
import { renderToolsSdk } from '@isocode/sdk-codegen'
import type { ToolDefinition } from '../types.ts'
import { sdkTools } from './sdk-section.ts'

/** A program the check blocked: the run it stands for (no logs, no usage) and its failure. */
export interface CheckRefusal {
  readonly result: CodeRunResult
  readonly failure: { readonly kind: 'check'; readonly message: string }
}

// why: one warm checker per process, shared by every registry: its worker (and TypeScript) starts
// with the first Code Mode registry that checks, never on import, and holds the event loop only
// while a check is pending. Until it is ready a program runs unchecked: no run waits for the start.
let shared: ProgramChecker | undefined
const checker = (): ProgramChecker =>
  // why: a check takes milliseconds; the limit is there for a checker stuck on a pathological program.
  (shared ??= createProgramChecker({ timeoutMs: 10_000, whileStarting: 'skip' }))

/** Start the shared checker's worker now, so it is warm by the time the first program comes. */
export function warmChecker(): void {
  checker().warm()
}
let lastTools: readonly ToolDefinition[] = []
let lastSdk = ''

// why: the full declarations even when the prompt shows the compact section: they are what
// `tools.$describe` shows, and only declared tools can be proven unknown. Rendered once per tool list.
/** The full tools:sdk declarations of `tools` (what the check reads), rendered once per tool list. */
export function sdkText(tools: readonly ToolDefinition[]): string {
  const same = tools.length === lastTools.length && tools.every((tool, i) => tool === lastTools[i])
  if (!same || lastSdk === '') {
    lastSdk = renderToolsSdk(sdkTools(tools))
    lastTools = tools
  }
  return lastSdk
}

/**
 * Check `code` against `tools` (and `extra`: the `state` and `programs` declarations, R-121); a
 * refusal when the check proved errors the run would hit, else undefined.
 */
export async function checkBeforeRun(
  code: string,
  tools: readonly ToolDefinition[],
  extra = '',
): Promise<CheckRefusal | undefined> {
  let verdict: Awaited<ReturnType<ProgramChecker['check']>>
  try {
    verdict = await checker().check(code, extra === '' ? sdkText(tools) : sdkText(tools) + extra)
  } catch {
    // why: a tool list sdk-codegen cannot render is the runtime's to report, not the check's.
    return undefined
  }
  if (verdict.status !== 'blocked') return undefined
  return {
    result: { logs: [], usage: { cpuMs: 0, wallMs: 0, bindingCalls: 0, bindingMs: 0, outputBytes: 0 } },
    failure: { kind: 'check', message: verdict.message },
  }
}

/** Check a program to save against `sdk` and infer what it returns (waits for the checker to start). */
export function inspectProgram(code: string, sdk: string): Promise<Inspection> {
  return checker().inspect(code, sdk)
}
