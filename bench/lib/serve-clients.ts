// The serve suite's clients, in a process of their own as real clients are: `clients` MCP SDK
// clients on the server at `url`, each running `runs` run_code calls in sequence per batch the
// parent asks for over IPC; the answer carries each call's latency. The server's process then
// pays for serving, not for its clients' requests and parsing, as the in-process callers it is
// compared with cost nothing either.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

/** One batch: `clients` of the clients (the first ones) each run `runs` programs in sequence. */
export interface ClientBatch {
  id: number
  clients: number
  runs: number
  /** The program every call sends, or (a number) the first of the distinct `return <n>` programs. */
  program: { code: string; expected: string } | { distinctFrom: number }
}

/** The answer to a batch: each call's latency (ms), or why a call failed. */
export type BatchDone = { id: number; latencies: number[] } | { id: number; error: string }

const [url, count] = process.argv.slice(2) as [string, string]
const send = (message: unknown): void => void process.send?.(message)

const clients = await Promise.all(
  Array.from({ length: Number(count) }, async () => {
    const client = new Client({ name: 'bench', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(url)))
    return client
  }),
)

async function call(client: Client, code: string, expected: string, latencies: number[]): Promise<void> {
  const started = performance.now()
  const result = await client.callTool({ name: 'run_code', arguments: { code, description: 'bench' } })
  const text = (result.content as Array<{ text?: string }>)[0]?.text
  if (result.isError === true || text !== expected)
    throw new Error(`bench: run_code over HTTP failed: ${JSON.stringify(result)}`)
  latencies.push(performance.now() - started)
}

async function run(batch: ClientBatch): Promise<BatchDone> {
  const latencies: number[] = []
  const { program } = batch
  try {
    await Promise.all(
      clients.slice(0, batch.clients).map(async (client, c) => {
        for (let i = 0; i < batch.runs; i++) {
          if ('code' in program) await call(client, program.code, program.expected, latencies)
          else {
            const n = program.distinctFrom + c * batch.runs + i
            await call(client, `return ${n}`, String(n), latencies)
          }
        }
      }),
    )
    return { id: batch.id, latencies }
  } catch (error) {
    return { id: batch.id, error: error instanceof Error ? error.message : String(error) }
  }
}

process.on('message', (message: ClientBatch | 'close') => {
  if (message === 'close') {
    void Promise.all(clients.map((client) => client.close())).then(() => process.disconnect())
    return
  }
  void run(message).then(send)
})
send('ready')
