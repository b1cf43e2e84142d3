import type {
  CodeBinding,
  CodeBindingNamespace,
  CodeCallSite,
  CodeRunEvent,
  CodeRunRequest,
  CodeRunResult,
} from './types.ts'
import { CodeRuntimeError, CodeRuntimeErrorCode } from './errors.ts'
import { utf8Length } from './usage.ts'

function jsonBytes(value: unknown): number {
  try {
    return utf8Length(JSON.stringify(value) ?? '')
  } catch {
    // why: a binding that resolved something JSON cannot hold is the backend's to refuse, not ours.
    return 0
  }
}

function rejectionBytes(reason: unknown): number {
  return utf8Length(reason instanceof Error ? reason.message : String(reason))
}

/**
 * Run `request` through `run` with its events observed (rules RT-44 to RT-47 in
 * docs/runtime-contract.md): `run-started`, a `call-started`/`call-finished` pair around each
 * binding call the host serves, and `run-finished`; the backend adds `console` lines through the
 * request's `onEvent`. Without a listener the request passes through untouched.
 */
export function observeRun(
  request: CodeRunRequest,
  run: (request: CodeRunRequest) => Promise<CodeRunResult>,
): Promise<CodeRunResult> {
  const listener = request.onEvent
  if (listener === undefined) return run(request)
  if (typeof listener !== 'function')
    return Promise.reject(
      new CodeRuntimeError(CodeRuntimeErrorCode.INVALID_REQUEST, 'request.onEvent must be a function (event) => void'),
    )
  let live = true
  // why: rule RT-46 — a listener that throws never changes the run; nothing arrives after run-finished.
  const emit = (event: CodeRunEvent): void => {
    if (!live) return
    try {
      listener(event)
    } catch {
      // why: the listener's failure is its own; the run goes on.
    }
  }
  let calls = 0
  const observe = (global: string, member: string, binding: CodeBinding): CodeBinding => {
    return async (args, site) => {
      calls += 1
      // why: with a journal the guest numbers calls in the order the program made them (RT-52);
      // the host starts them in that order, so both counts agree, and the guest's is the key.
      const call = site?.call ?? calls
      if (site === undefined) emit({ type: 'call-started', call, global, member })
      else emit({ type: 'call-started', call, global, member, ...positionOf(site) })
      const started = performance.now()
      try {
        const value = await (site === undefined ? binding(args) : binding(args, site))
        emit({
          type: 'call-finished',
          call,
          global,
          member,
          ms: performance.now() - started,
          ok: true,
          bytes: jsonBytes(value),
        })
        return value
      } catch (reason) {
        emit({
          type: 'call-finished',
          call,
          global,
          member,
          ms: performance.now() - started,
          ok: false,
          bytes: rejectionBytes(reason),
        })
        throw reason
      }
    }
  }
  const bindings = Array.isArray(request.bindings)
    ? request.bindings.map((ns) => observeNamespace(ns, observe))
    : request.bindings
  emit({ type: 'run-started' })
  return run({ ...request, bindings, onEvent: emit }).then((result) => {
    emit({ type: 'run-finished', outcome: result.error?.kind ?? 'ok', usage: result.usage })
    live = false
    return result
  })
}

function positionOf(site: CodeCallSite): { line?: number; column?: number } {
  return site.line === undefined ? {} : { line: site.line, column: site.column as number }
}

function observeNamespace(
  ns: CodeBindingNamespace,
  observe: (global: string, member: string, binding: CodeBinding) => CodeBinding,
): CodeBindingNamespace {
  // why: a malformed namespace passes through unchanged so the backend's validation names it.
  if (typeof ns !== 'object' || ns === null || typeof ns.functions !== 'object' || ns.functions === null) return ns
  // why: member names are hostile input (`__proto__`): a null-prototype record, as the caller's.
  const functions = Object.create(null) as Record<string, CodeBinding>
  for (const member of Object.keys(ns.functions)) {
    const binding = ns.functions[member] as CodeBinding
    functions[member] = typeof binding === 'function' ? observe(ns.global, member, binding) : binding
  }
  return { ...ns, functions }
}

/**
 * Where a backend sends each console line it keeps while the run is live: a `console` event to
 * `onEvent` (RT-45) and the line to `onConsole` (RT-48); undefined when the request has neither.
 */
export function consoleTap(request: CodeRunRequest): ((line: string) => void) | undefined {
  const { onEvent, onConsole } = request
  if (onEvent === undefined && onConsole === undefined) return undefined
  return (line) => {
    onEvent?.({ type: 'console', line })
    try {
      onConsole?.(line)
    } catch {
      // why: rule RT-48, as RT-46 for onEvent: the listener's failure never changes the run.
    }
  }
}
