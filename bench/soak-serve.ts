// `pnpm soak --serve [runs]`: `isocode serve --http 127.0.0.1:0` (the CLI's own serveHttp, in this
// process, default flags: supervised isolation) driven through the MCP SDK client by two callers
// for `runs` run_code calls (default 1,000), each reading a 1 MB file of the workspace. Prints the
// heap after GC of this process (the server's host) after a warm-up and every 250 runs; the
// verdict wants the end within +25 MB of the start and every run correct. Not a CI test.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { parseCommandLine, serveHttp } from '@isocode/cli/internal'

const positional = process.argv.slice(2).filter((arg) => arg !== '--serve')
const RUNS = Number(positional[0] ?? 1_000)
if (!Number.isInteger(RUNS) || RUNS < 1 || positional.length > 1)
  throw new Error(`soak --serve: usage: pnpm soak --serve [runs] (got ${positional.join(' ')})`)
const CALLERS = 2
const WARM_UP = 20
const REPORT_EVERY = 250
const FILE_BYTES = 1_000_000
const LIMIT_MB = 25

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('soak --serve: run it as `pnpm soak --serve` (node --expose-gc)')
const mb = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10
const heapAfterGc = (): number => (gc(), mb(process.memoryUsage().heapUsed))

const dir = await mkdtemp(join(tmpdir(), 'isocode-soak-serve-'))
// why: varied ASCII lines, so the file is text like a real one and the result is exactly 1 MB.
const line = 'the quick brown fox jumps over the lazy dog 0123456789\n'
await writeFile(join(dir, 'big.txt'), line.repeat(Math.ceil(FILE_BYTES / line.length)).slice(0, FILE_BYTES))

const parsed = parseCommandLine(['serve', '--http', '127.0.0.1:0', '--root', dir])
if (parsed.command !== 'serve' || parsed.http === undefined)
  throw new Error('soak --serve: expected the serve --http command')
let serverLog = ''
let listening!: (url: string) => void
const url = new Promise<string>((resolve) => (listening = resolve))
const serving = serveHttp(
  {
    out: () => {},
    err: (text) => {
      serverLog += text
      const found = / at (http:\/\/\S+\/mcp) /.exec(text)?.[1]
      if (found !== undefined) listening(found)
    },
  },
  { ...parsed, http: parsed.http },
)
const endpoint = new URL(
  await Promise.race([
    url,
    serving.then(() => Promise.reject(new Error(`serve ended before listening:\n${serverLog}`))),
  ]),
)

const client = new Client({ name: 'soak-serve', version: '1' })
await client.connect(new StreamableHTTPClientTransport(endpoint))
const code = `const text = await tools.read_file({ path: 'big.txt', maxBytes: ${FILE_BYTES} })\nreturn text.length`
const started = performance.now()
let failures = 0
let firstFailure = ''
let done = 0
let next = 0

async function runOne(): Promise<void> {
  const result = await client.callTool({ name: 'run_code', arguments: { code, description: 'read 1 MB' } })
  const text = (result.content as Array<{ type: string; text?: string }>)[0]?.text
  if (result.isError === true || text !== String(FILE_BYTES)) {
    failures++
    firstFailure ||= String(text).slice(0, 200)
  }
}

for (let i = 0; i < WARM_UP; i++) await runOne()
const start = heapAfterGc()
console.log(
  `soak --serve: ${RUNS} runs × ${FILE_BYTES / 1e6} MB read_file results at ${endpoint.href}, ${CALLERS} callers, isolation ${parsed.isolation}`,
)
console.log(
  `  ${'0'.padStart(6)} runs  heap after GC ${start} MB  RSS ${mb(process.memoryUsage().rss)} MB  (after ${WARM_UP} warm-up runs)`,
)

async function caller(): Promise<void> {
  while (next < RUNS) {
    next++
    await runOne()
    done++
    if (done % REPORT_EVERY === 0 || done === RUNS) {
      const seconds = ((performance.now() - started) / 1000).toFixed(0)
      console.log(
        `  ${String(done).padStart(6)} runs  heap after GC ${heapAfterGc()} MB  RSS ${mb(process.memoryUsage().rss)} MB  failures ${failures}  ${seconds} s`,
      )
    }
  }
}
await Promise.all(Array.from({ length: CALLERS }, caller))
const end = heapAfterGc()
await client.close()
// why: serveHttp stops on SIGINT/SIGTERM, as the CLI does; the listener it installed catches this one.
process.kill(process.pid, 'SIGTERM')
await serving
await rm(dir, { recursive: true, force: true })

const growth = Math.round((end - start) * 10) / 10
console.log(
  `\nheap after GC: start ${start} MB, end ${end} MB, growth ${growth} MB over ${RUNS} runs (${((RUNS * FILE_BYTES) / 1e9).toFixed(1)} GB read)`,
)
console.log(
  `failures: ${failures}${failures > 0 ? ` (first: ${firstFailure})` : ''}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
const ok = growth <= LIMIT_MB && failures === 0
console.log(
  ok
    ? 'verdict: PASS'
    : `verdict: FAIL (goal: heap after GC within +${LIMIT_MB} MB of its start, every run returns ${FILE_BYTES})`,
)
process.exitCode = ok ? 0 : 1
