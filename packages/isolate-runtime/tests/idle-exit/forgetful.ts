// A script that boots a runtime through Cordis, runs one program, prints its value and the pids of
// this process's children, and never disposes anything: it must end on its own (RT-43).
// Usage: node --no-node-snapshot --conditions=@isocode/source --import tsx forgetful.ts <process|isolate> <idle|in-flight>
import { readdirSync, readFileSync } from 'node:fs'
import type { CodeBinding } from '@isocode/code-runtime'
import { InProcessIsolateRuntime, SupervisedIsolateRuntime } from '@isocode/isolate-runtime'
import { Context } from 'cordis'

const [isolation, mode] = process.argv.slice(2)
const root = new Context()
await root.plugin(isolation === 'process' ? SupervisedIsolateRuntime : InProcessIsolateRuntime, { poolSize: 1 })
const runtime = root.get('codeRuntime') as InProcessIsolateRuntime | SupervisedIsolateRuntime

const slow: CodeBinding = () => new Promise((resolve) => setTimeout(() => resolve(42), 300))

/** This process's runtime child processes (Linux /proc), so the test can check they end too. */
function children(): number[] {
  const tasks = readdirSync(`/proc/${process.pid}/task`)
  const pids = tasks.flatMap((task) =>
    readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/),
  )
  return pids.filter((pid) => pid !== '' && cmdline(pid).includes('child/child-main.')).map(Number)
}

function cmdline(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    // why: another child (tsx's esbuild service) may end between the two reads.
    return ''
  }
}

if (mode === 'in-flight') {
  // why: not awaited, and the binding's own timer ends before the run does: only the run itself
  // can keep this process alive until its result is printed.
  const functions = Object.assign(Object.create(null) as Record<string, CodeBinding>, { slow })
  void runtime
    .run({
      program: 'const n = await tools.slow({}); let s = 0; for (let i = 0; i < 1e6; i++) s += i; return n',
      bindings: [{ global: 'tools', functions }],
    })
    .then((result) => {
      console.log(JSON.stringify({ value: result.value ?? result.error, children: children() }))
    })
} else {
  const result = await runtime.run({ program: 'return 6 * 7', bindings: [] })
  console.log(JSON.stringify({ value: result.value ?? result.error, children: children() }))
}
