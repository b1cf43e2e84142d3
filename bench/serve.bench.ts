// `isocode serve --http` under load: run_code through the Streamable HTTP transport (MCP SDK
// clients in a child process, over loopback) with 1 and 8 concurrent clients, against the same
// run_code called in-process by 2 callers (the 2 run slots the server has): the same registry,
// runtime, program and check before the run. Per-program latencies of the client tasks are
// recorded for p95.
import { fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CodeRuntime } from '@isocode/code-runtime'
import { SessionSink, SystemPrompt } from '@isocode/harness'
import { InProcessIsolateRuntime } from '@isocode/isolate-runtime'
import { startCodeModeHttpServer } from '@isocode/mcp'
import { ToolRegistry } from '@isocode/registry'
import { Context } from 'cordis'
import type { Fiber } from 'cordis'
import { CALLERS, expectValue, PROGRAMS, RUNS_PER_CALLER, RUNTIME_CONFIG } from './lib/runtime-tasks.ts'
import { cpuMeter } from './lib/cpu.ts'
import { createBench, type SuiteFactory, stat } from './lib/suite.ts'
import type { BatchDone, ClientBatch } from './lib/serve-clients.ts'

const CLIENTS = 8
const SUB_CALLS = 10
const TEN_CALLS = `let sum = 0\nfor (let i = 0; i < ${SUB_CALLS}; i++) sum += (await tools.echo({ i })).i\nreturn sum`
const TEN_CALLS_VALUE = '45'

class NullSession extends SessionSink {
  append(): void {}
}

const VIA_REGISTRY = `in-process run_code: return 1, ${CALLERS} callers x ${RUNS_PER_CALLER} runs`
const DISTINCT_HTTP = `serve http: distinct programs, ${CLIENTS} clients x ${RUNS_PER_CALLER} runs`
const DISTINCT_IN_PROCESS = `in-process run_code: distinct programs, ${CALLERS} callers x ${RUNS_PER_CALLER} runs`

/** Latencies (ms) of single programs, by task, for median and p95. */
const latencies = new Map<string, number[]>()

function quantile(values: readonly number[], q: number): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

const ms = (value: number): number => Number(value.toFixed(2))

/** The clients' process: `batch` runs a batch there and records its latencies under `task`. */
interface Clients {
  batch(task: string, batch: Omit<ClientBatch, 'id'>): Promise<void>
  close(): Promise<void>
}

async function startClients(url: string, count: number): Promise<Clients> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const entry = fileURLToPath(new URL('lib/serve-clients.ts', import.meta.url))
  const child = fork(entry, [url, String(count)], {
    execArgv: ['--conditions=@isocode/source', '--import', tsx],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting = new Map<number, (done: BatchDone) => void>()
  let ready!: () => void
  const started = new Promise<void>((resolve) => (ready = resolve))
  child.on('message', (message: BatchDone | 'ready') => {
    if (message === 'ready') return ready()
    waiting.get(message.id)?.(message)
    waiting.delete(message.id)
  })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`bench: the clients' process exited (${code})`))),
  )
  exited.catch(() => undefined)
  await Promise.race([started, exited])
  let ids = 0
  return {
    async batch(task, batch) {
      const id = ++ids
      const done = await Promise.race([
        new Promise<BatchDone>((resolve) => {
          waiting.set(id, resolve)
          child.send({ id, ...batch } satisfies ClientBatch)
        }),
        exited,
      ])
      if ('error' in done) throw new Error(done.error)
      latencies.set(task, [...(latencies.get(task) ?? []), ...done.latencies])
    },
    async close() {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.send('close')
      await gone
    },
  }
}

/** Resolves once run_code's check before the run answers: a call of an undeclared tool is blocked. */
async function checkerReady(root: Context): Promise<void> {
  const deadline = performance.now() + 60_000
  for (let call = 1; performance.now() < deadline; call++) {
    const result = await root.tools.execute({
      callId: `bench-warm-${call}`,
      name: 'run_code',
      arguments: { code: 'return await tools.no_such_tool({})' },
    })
    const kind = (result.structuredContent as { error?: { kind?: string } } | undefined)?.error?.kind
    if (kind === 'check') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('bench: the check before the run did not start within 60 s')
}

const suite: SuiteFactory = async () => {
  const root = new Context()
  const fibers: Fiber[] = [
    await root.plugin(SystemPrompt),
    await root.plugin(NullSession),
    await root.plugin(ToolRegistry, { mode: 'code' }),
  ]
  fibers.push(await root.plugin(InProcessIsolateRuntime, RUNTIME_CONFIG))
  fibers.push(
    await root.plugin({
      name: 'echo-tool',
      inject: ['tools'],
      apply: (ctx: Context) =>
        void ctx.tools.register({
          name: 'echo',
          description: 'Return the arguments.',
          parameters: { type: 'object', properties: { i: { type: 'integer' } }, required: ['i'] },
          outputSchema: { type: 'object', properties: { i: { type: 'integer' } }, required: ['i'] },
          execute: async (args) => ({
            content: [{ type: 'text', text: JSON.stringify(args) }],
            structuredContent: args,
          }),
        }),
    }),
  )
  const runtime = root.get('codeRuntime') as CodeRuntime
  // why: the same pool serves HTTP and in-process callers; max runs = pool size, as `serve --http` sets it.
  const http = await startCodeModeHttpServer(root, {
    host: '127.0.0.1',
    port: 0,
    stateless: false,
    limits: { maxRuns: RUNTIME_CONFIG.poolSize, maxQueue: CLIENTS * 2 },
    maxBodyBytes: 1 << 20,
    log: (line) => console.error(line),
  })
  const clients = await startClients(http.url, CLIENTS)
  // why: until the shared checker is ready a run goes unchecked, so the first tasks would be
  // measured without the check the later ones pay; a program it blocks proves it is ready.
  await checkerReady(root)

  const bench = createBench()
  // why: on one machine the clients' process takes CPU the server then lacks, so the throughput
  // ratio depends on where the clients run; CPU per program of the server (every thread, and its
  // main thread alone) and of the clients says which side bounds it.
  const cpu = { http: cpuMeter(), inProcess: cpuMeter() }
  // why: every task function is async, so tinybench does not call it once at add time to learn
  // whether it returns a promise (a stray batch that would still be running when the task starts).
  for (const [label, code, expected] of [
    ['return 1', PROGRAMS.return1, '1'],
    [`${SUB_CALLS} sub-calls`, TEN_CALLS, TEN_CALLS_VALUE],
  ] as const) {
    const one = `serve http: ${label}, 1 client`
    bench.add(one, async () => clients.batch(one, { clients: 1, runs: 1, program: { code, expected } }))
    const many = `serve http: ${label}, ${CLIENTS} clients x ${RUNS_PER_CALLER} runs`
    bench.add(
      many,
      async () => clients.batch(many, { clients: CLIENTS, runs: RUNS_PER_CALLER, program: { code, expected } }),
      label === 'return 1' ? cpu.http.hooks(CLIENTS * RUNS_PER_CALLER) : {},
    )
  }
  // why: a program no earlier call sent, so its check before the run is paid in full on every call.
  let unique = 0
  const fresh = (): [string, string] => {
    const n = ++unique
    return [`return ${n}`, String(n)]
  }
  bench.add(DISTINCT_HTTP, async () => {
    const distinctFrom = unique + 1
    unique += CLIENTS * RUNS_PER_CALLER
    return clients.batch(DISTINCT_HTTP, { clients: CLIENTS, runs: RUNS_PER_CALLER, program: { distinctFrom } })
  })
  let calls = 0
  const runCodeInProcess = async ([code, expected]: readonly [string, string]): Promise<void> => {
    const result = await root.tools.execute({
      callId: `bench-${++calls}`,
      name: 'run_code',
      arguments: { code, description: 'bench' },
    })
    const text = (result.content[0] as { text?: string } | undefined)?.text
    if (result.isError || text !== expected) throw new Error(`bench: run_code failed: ${JSON.stringify(result)}`)
  }
  for (const [name, program] of [
    [VIA_REGISTRY, () => [PROGRAMS.return1, '1'] as const],
    [DISTINCT_IN_PROCESS, fresh],
  ] as const) {
    bench.add(
      name,
      async () => {
        await Promise.all(
          Array.from({ length: CALLERS }, async () => {
            for (let i = 0; i < RUNS_PER_CALLER; i++) await runCodeInProcess(program())
          }),
        )
      },
      name === VIA_REGISTRY ? cpu.inProcess.hooks(CALLERS * RUNS_PER_CALLER) : {},
    )
  }
  const inProcess = `in-process: return 1, ${CALLERS} callers x ${RUNS_PER_CALLER} runs`
  bench.add(inProcess, async () => {
    await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        for (let i = 0; i < RUNS_PER_CALLER; i++)
          await expectValue(runtime, { program: PROGRAMS.return1, bindings: [] }, 1, 'in-process')
      }),
    )
  })

  return {
    bench,
    metrics: (stats) => {
      const out: Record<string, number> = {}
      for (const [label, key] of [
        ['return 1', 'return1'],
        [`${SUB_CALLS} sub-calls`, 'subcalls10'],
      ] as const) {
        const one = latencies.get(`serve http: ${label}, 1 client`) ?? []
        const many = latencies.get(`serve http: ${label}, ${CLIENTS} clients x ${RUNS_PER_CALLER} runs`) ?? []
        const batch = stat(stats, `serve http: ${label}, ${CLIENTS} clients x ${RUNS_PER_CALLER} runs`).median_us
        out[`serve_${key}_1_client_median_ms`] = ms(quantile(one, 0.5))
        out[`serve_${key}_1_client_p95_ms`] = ms(quantile(one, 0.95))
        out[`serve_${key}_1_client_programs_per_s`] = Math.round(
          1e6 / stat(stats, `serve http: ${label}, 1 client`).median_us,
        )
        out[`serve_${key}_${CLIENTS}_clients_median_ms`] = ms(quantile(many, 0.5))
        out[`serve_${key}_${CLIENTS}_clients_p95_ms`] = ms(quantile(many, 0.95))
        out[`serve_${key}_${CLIENTS}_clients_programs_per_s`] = Math.round((CLIENTS * RUNS_PER_CALLER * 1e6) / batch)
        // why: the goals: p95 with 8 clients under 5x the single-client median.
        out[`serve_${key}_p95_${CLIENTS}_vs_median_1`] = Number((quantile(many, 0.95) / quantile(one, 0.5)).toFixed(2))
      }
      out[`in_process_run_code_return1_${CALLERS}_callers_programs_per_s`] = Math.round(
        (CALLERS * RUNS_PER_CALLER * 1e6) / stat(stats, VIA_REGISTRY).median_us,
      )
      const overHttp = cpu.http.perUnit()
      const viaRegistry = cpu.inProcess.perUnit()
      out[`serve_return1_${CLIENTS}_clients_server_cpu_us_per_program`] = Math.round(overHttp.self)
      out[`serve_return1_${CLIENTS}_clients_server_main_thread_us_per_program`] = Math.round(overHttp.mainThread)
      out[`serve_return1_${CLIENTS}_clients_clients_cpu_us_per_program`] = Math.round(overHttp.children)
      out[`in_process_run_code_return1_cpu_us_per_program`] = Math.round(viaRegistry.self)
      out[`in_process_run_code_return1_main_thread_us_per_program`] = Math.round(viaRegistry.mainThread)
      // why: the runtime alone (no registry, no check): what run_code adds on top of it.
      out[`in_process_return1_${CALLERS}_callers_programs_per_s`] = Math.round(
        (CALLERS * RUNS_PER_CALLER * 1e6) / stat(stats, inProcess).median_us,
      )
      return out
    },
    ratios: (stats) => ({
      // why: the goal: 8 HTTP clients reach >= 0.6 of the in-process 2-caller throughput of the
      // same run_code (registry, check, runtime); the bare runtime has neither the check nor the
      // registry's pipeline, so it would price them as HTTP overhead.
      serve_8_clients_vs_in_process_throughput: Number(
        (
          (CLIENTS * stat(stats, VIA_REGISTRY).median_us) /
          (CALLERS * stat(stats, `serve http: return 1, ${CLIENTS} clients x ${RUNS_PER_CALLER} runs`).median_us)
        ).toFixed(2),
      ),
      // why: the server's side alone, wherever the clients run: CPU per program of in-process
      // run_code against the same program served over HTTP (every thread of this process).
      serve_8_clients_vs_in_process_server_cpu: Number(
        (cpu.inProcess.perUnit().self / cpu.http.perUnit().self).toFixed(2),
      ),
      // why: the same with a new program on every call, so no run is spared its check.
      serve_8_clients_vs_in_process_throughput_distinct_programs: Number(
        (
          (CLIENTS * stat(stats, DISTINCT_IN_PROCESS).median_us) /
          (CALLERS * stat(stats, DISTINCT_HTTP).median_us)
        ).toFixed(2),
      ),
    }),
    teardown: async () => {
      await clients.close()
      await http.close(1_000)
      for (const fiber of fibers.toReversed()) await fiber.dispose()
    },
  }
}

export default suite
