// UTCP's Code Mode (`@utcp/code-mode`) as a peer under bench: one in-process `tools.echo` tool,
// run through `callToolChain` exactly as UTCP ships it. Loaded only where it can run; otherwise
// `loadUtcpPeer` says why, so the peer suite is skipped with a printed reason.
import { createRequire, Module } from 'node:module'
import { isolatedVmLineFor } from '@isocode/isolate-runtime'
import { ivm } from './ivm.ts'

const require = createRequire(import.meta.url)

/** The part of UTCP's client the peer suite drives. */
export interface UtcpPeer {
  /** The isolated-vm version UTCP runs on in this process. */
  readonly isolatedVm: string
  callToolChain(code: string): Promise<{ result: unknown; logs: string[] }>
  close(): Promise<void>
}

// why: the UTCP manual is named `tools`, so a program reads `tools.echo(...)` in both engines.
const MANUAL = 'tools'
const PROTOCOL = 'isocode_bench'

/** The parts of `@utcp/sdk` the bench drives (its registries of call templates and protocols). */
export interface SdkModule {
  UtcpClient: unknown
  CommunicationProtocol: { communicationProtocols: Record<string, unknown> }
  CallTemplateSerializer: { registerCallTemplate(type: string, serializer: unknown, override?: boolean): boolean }
  Serializer: new () => object
}
/** The part of `@utcp/code-mode` the bench drives. */
export interface CodeModeModule {
  CodeModeUtcpClient: {
    readonly AGENT_PROMPT_TEMPLATE: string
    create(
      rootDir?: string,
      config?: unknown,
    ): Promise<
      UtcpPeer & {
        registerManual(template: object): Promise<{ success: boolean; errors: string[] }>
        getAllToolsTypeScriptInterfaces(): Promise<string>
      }
    >
  }
}

/**
 * Point UTCP's `require('isolated-vm')` at the build Isocode's runtime loaded. Why: two isolated-vm
 * builds in one process abort it (measured: 6.2.0 next to 7.0.1 on Node 24 fails an assertion
 * in environment.h), and one build for both engines keeps the comparison about design, not V8.
 */
export function shareIsolatedVm(fromCodeMode: string): void {
  const resolved = createRequire(fromCodeMode).resolve('isolated-vm')
  if (require.cache[resolved] !== undefined) return
  const module = new Module(resolved)
  module.filename = resolved
  module.loaded = true
  module.exports = ivm
  require.cache[resolved] = module
}

/** Register `protocol`'s call templates with UTCP as they are (no fields of their own to check). */
export function registerPassThroughTemplates(sdk: SdkModule, protocol: string): void {
  const Base = sdk.Serializer as new () => { toDict(o: object): object; validateDict(o: object): object }
  class PassThrough extends Base {
    override toDict(template: object): object {
      return { ...template }
    }
    override validateDict(template: object): object {
      return { ...template }
    }
  }
  sdk.CallTemplateSerializer.registerCallTemplate(protocol, new PassThrough(), true)
}

function registerEchoProtocol(sdk: SdkModule): void {
  registerPassThroughTemplates(sdk, PROTOCOL)
  const echo = {
    name: 'echo',
    description: 'Echo i as text.',
    inputs: { type: 'object', properties: { i: { type: 'number' } }, required: ['i'] },
    outputs: { type: 'string' },
    tags: [],
    tool_call_template: { name: MANUAL, call_template_type: PROTOCOL },
  }
  // why: the same work the Isocode echo tool does (text of `i`), with no transport behind it.
  sdk.CommunicationProtocol.communicationProtocols[PROTOCOL] = {
    registerManual: (_caller: unknown, template: object) =>
      Promise.resolve({
        manualCallTemplate: template,
        manual: { utcp_version: '1.0.0', manual_version: '1.0.0', tools: [echo] },
        success: true,
        errors: [],
      }),
    deregisterManual: () => Promise.resolve(),
    callTool: (_caller: unknown, _name: string, args: { i: number }) => Promise.resolve(String(args.i)),
    callToolStreaming: async function* () {},
    close: () => Promise.resolve(),
  }
}

/** UTCP's client with `tools.echo` registered, or the reason it cannot run in this process. */
export async function loadUtcpPeer(): Promise<UtcpPeer | string> {
  const line = isolatedVmLineFor()
  if (line === undefined) return `Node ${process.version} has no isolated-vm line in Isocode`
  // why: @utcp/code-mode 1.2.12 declares isolated-vm ^6; Node 20's line is 5.0.4.
  if (line.node < 22)
    return `@utcp/code-mode needs isolated-vm >= 6 (Node >= 22); Node ${process.versions.node} runs isolated-vm ${line.version}`
  let codeMode: CodeModeModule
  try {
    const entry = require.resolve('@utcp/code-mode')
    shareIsolatedVm(entry)
    codeMode = require(entry) as CodeModeModule
    registerEchoProtocol(require(createRequire(entry).resolve('@utcp/sdk')) as SdkModule)
  } catch (error) {
    return `@utcp/code-mode could not be loaded: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`
  }
  const client = await quietly(() => codeMode.CodeModeUtcpClient.create(process.cwd(), null))
  const registered = await quietly(() => client.registerManual({ name: MANUAL, call_template_type: PROTOCOL }))
  if (!registered.success) return `UTCP refused the echo manual: ${registered.errors.join('; ')}`
  return {
    isolatedVm: line.version,
    callToolChain: (code) => quietly(() => client.callToolChain(code)),
    close: () => quietly(() => client.close()),
  }
}

/**
 * Run `fn` with console.log silenced. Why: UTCP logs one line per tool call and per manual; the
 * bench output must stay readable, and dropping that write only makes UTCP faster (conservative).
 */
export async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const log = console.log
  console.log = () => {}
  try {
    return await fn()
  } finally {
    console.log = log
  }
}
