// Reproduces the isolated-vm 5.0.4 process abort on hash-table growth (upstream #457/#527) and the
// crash that ruled out the inspector-based heap probe; each trial runs in a child process, since
// it may abort. Not a test (see README "Known limitations"):
//   node --no-node-snapshot --import tsx packages/isolate-runtime/scripts/heap-abort.ts [trials]
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { isolatedVmLineFor } from '../src/isolate/ivm-lines.ts'

const PROGRAMS: Record<string, string> = {
  map: 'const keep = new Map(); for (let i = 0; ; i++) keep.set(i, { i, s: "x" + i })',
  dictionary: 'const grow = {}; for (let i = 0; ; i++) grow["k" + i] = i',
  array: 'const keep = []; for (;;) keep.push(new Array(100000).fill(keep.length))',
}

// why: plain CommonJS bodies for `node -e`, so a child needs nothing but isolated-vm (the build
// this runtime loads for the running Node).
const IVM = JSON.stringify(createRequire(import.meta.url).resolve(isolatedVmLineFor()?.alias ?? 'isolated-vm-5'))

/** A program under a bare isolate: prints how the eval settled, if the process survives. */
function bombChild(program: string, limitMb: number): string {
  return `const ivm = require(${IVM}); const iso = new ivm.Isolate({ memoryLimit: ${limitMb} });
const t = performance.now();
iso.createContextSync().eval(${JSON.stringify(program)}, { timeout: 20000 }).catch((e) =>
  console.log(Math.round(performance.now() - t) + ' ms: ' + e.message));`
}

/**
 * The rejected probe: an inspector session polls Runtime.getHeapUsage (served mid-loop, unlike
 * getHeapStatistics) and the isolate is disposed mid-run, session first; then a fresh
 * inspector isolate runs once and is disposed. The process idles 500 ms and should exit 0.
 */
const PROBE_CHILD = `const ivm = require(${IVM});
function make() { const iso = new ivm.Isolate({ memoryLimit: 64, inspector: true }); const s = iso.createInspectorSession(); s.onResponse = () => {}; s.onNotification = () => {}; return { iso, s } }
(async () => {
  let slot = make(); const ctx = await slot.iso.createContext();
  const poll = setInterval(() => { try { slot.s.dispatchProtocolMessage('{"id":1,"method":"Runtime.getHeapUsage"}') } catch {} }, 3);
  const run = ctx.eval(${JSON.stringify(PROGRAMS.array)}).catch(() => {});
  await new Promise((r) => setTimeout(r, 60)); slot.s.dispose(); slot.iso.dispose(); await run; clearInterval(poll);
  slot = make(); const next = await slot.iso.createContext(); await next.eval('1 + 1'); next.release(); slot.s.dispose(); slot.iso.dispose();
  await new Promise((r) => setTimeout(r, 500));
})();`

function trial(body: string): string {
  const child = spawnSync(process.execPath, ['--no-node-snapshot', '-e', body], { encoding: 'utf8', timeout: 60_000 })
  if (child.signal !== null) return `killed by ${child.signal}`
  return child.status === 0 ? `exit 0 ${child.stdout.trim()}`.trim() : `exit ${child.status}`
}

const trials = Number(process.argv[2] ?? 5)
for (const [name, program] of Object.entries(PROGRAMS)) {
  for (const limitMb of [16, 32, 64])
    console.log(`${name} bomb, memoryLimit ${limitMb} MB: ${trial(bombChild(program, limitMb))}`)
}
const outcomes = Array.from({ length: trials }, () => trial(PROBE_CHILD))
const crashed = outcomes.filter((outcome) => !outcome.startsWith('exit 0')).length
console.log(`inspector probe teardown: ${crashed}/${trials} processes crashed (${[...new Set(outcomes)].join(', ')})`)
