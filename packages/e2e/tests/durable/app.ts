// A Cordis app as a user builds it for durable runs: SystemPrompt, ToolRegistry
// in code mode, an in-process isolate runtime, optionally the runStore service and a live approval
// service, and one gated tool (`send`) that counts the times it really ran.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ApprovalService, createAgentScope, SystemPrompt } from '@isocode/harness'
import type { AgentScope, ApprovalOutcome, ScopeKey } from '@isocode/harness'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { RunStoreService, ToolRegistry } from '@isocode/registry'
import type { JsonObject, ToolExecutionResult } from '@isocode/registry'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'

/** The program every scenario runs: one ungated read, then the gated send, then a value. */
export const PROGRAM = [
  "const who = await tools.lookup({ name: 'ada' })",
  'const sent = await tools.send({ to: who.email })',
  'return { sent: sent.to }',
].join('\n')

export interface Booted {
  root: Context
  /** Every `send` that really ran, by address. */
  sent: string[]
  /** How often `lookup` really ran. */
  lookups: { count: number }
  /** The agent scope, when the app was booted with one. */
  agent: AgentScope | undefined
  runCode(code: string, agent?: ScopeKey): Promise<ToolExecutionResult>
  dispose(): Promise<void>
}

export interface BootOptions {
  /** The runStore service's `store`; absent: no runStore service. */
  store?: string
  /** A live approval service that answers every request so. */
  answer?: ApprovalOutcome
  /** Run calls through an agent scope (a live approver is asked through the call's agent). */
  agent?: boolean
}

/** Boot the app; a failing plugin start rejects. */
export async function boot(options: BootOptions = {}): Promise<Booted> {
  const root = new Context()
  const fibers: Fiber[] = []
  const disposeAll = async (): Promise<void> => {
    for (const fiber of fibers.splice(0).toReversed()) await fiber.dispose()
  }
  try {
    fibers.push(await root.plugin(SystemPrompt))
    fibers.push(await root.plugin(ToolRegistry, { mode: 'code' }))
    fibers.push(await root.plugin(InProcessIsolateRuntime, { poolSize: 1, memoryMb: 32 }))
    if (options.store !== undefined) fibers.push(await root.plugin(RunStoreService, { store: options.store }))
  } catch (error) {
    await disposeAll()
    throw error
  }
  const answer = options.answer
  if (answer !== undefined) {
    class Live extends ApprovalService {
      async request(): Promise<ApprovalOutcome> {
        return answer as ApprovalOutcome
      }
    }
    fibers.push(await root.plugin(Live))
  }
  const sent: string[] = []
  const lookups = { count: 0 }
  root.tools.register({
    name: 'lookup',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    outputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
    async execute(args: JsonObject) {
      lookups.count++
      const email = `${String(args.name)}@example.com`
      return { content: [{ type: 'text', text: email }], structuredContent: { email } }
    },
  })
  root.tools.register({
    name: 'send',
    description: 'Send a message.',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' } },
      required: ['to'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
    needsApproval: true,
    async execute(args: JsonObject) {
      sent.push(String(args.to))
      const to = String(args.to)
      return { content: [{ type: 'text', text: `sent to ${to}` }], structuredContent: { to } }
    },
  })
  let agent: AgentScope | undefined
  if (options.agent === true) {
    // why: an agent scope is minted from a plugin that injects tools, so its ctx may use them.
    let owner: Context | undefined
    fibers.push(await root.plugin({ inject: ['tools'], apply: (ctx: Context) => void (owner = ctx) }))
    if (owner === undefined) throw new Error('the agent owner plugin did not load')
    agent = createAgentScope(owner)
  }
  let calls = 0
  return {
    root,
    sent,
    lookups,
    agent,
    runCode: (code, scope = agent?.key) =>
      root.tools.execute({
        callId: `run-${++calls}`,
        name: 'run_code',
        arguments: { code },
        ...(scope === undefined ? {} : { agent: scope }),
      }),
    dispose: async () => {
      await agent?.dispose()
      await disposeAll()
    },
  }
}

/** A temporary folder holding one `file:` store; `remove()` deletes it. */
export async function fileStore(): Promise<{ url: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'isocode-run-store-service-'))
  return { url: `file:${join(dir, 'runs.db')}`, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** The structuredContent of a run_code result, as data. */
export const data = (result: ToolExecutionResult): Record<string, unknown> =>
  result.structuredContent as Record<string, unknown>
