// One scenario (GHSA-864f-rcv7-6rh4): a host-side `ExternalCopy` whose `transferList` getter swaps
// its ArrayBuffer for another object between the two reads must throw a catchable error instead
// of crashing the process. 6.2.0 and 7.0.1 carry the upstream fix; 5.0.4 (Node 20) gets the same
// line from patches/isolated-vm@5.0.4.patch. The copy runs in a child process so that a SIGSEGV
// fails this test instead of killing the vitest fork.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const CHILD = fileURLToPath(new URL('./transfer-list-getter.child.ts', import.meta.url))
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

function runChild(): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--no-node-snapshot', '--conditions=@isocode/source', '--import', TSX, CHILD],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()))
    child.on('error', (error) => resolve({ code: null, signal: null, stdout, stderr: `${stderr}${String(error)}` }))
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  })
}

it('throws a catchable error when a transferList getter swaps the ArrayBuffer, and the process lives', async () => {
  const exit = await runChild()
  const printed = exit.stdout.trim().split('\n').at(-1) ?? ''
  expect({ code: exit.code, signal: exit.signal, stderr: exit.stderr.slice(-2_000) }).toEqual({
    code: 0,
    signal: null,
    stderr: '',
  })
  // why: the fix forbids JavaScript for the whole copy, so the getter never runs: V8 refuses the
  // first read of the list by throwing the string 'illegal access' (the same on 5.0.4 patched,
  // 6.2.0 and 7.0.1).
  expect(JSON.parse(printed)).toEqual({ threw: true, error: 'illegal access', getterCalls: 0 })
}, 30_000)
