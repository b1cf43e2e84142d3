import { describe, expect, it } from 'vitest'
import { describeExit, failureOfExit, firstLine } from '../../src/supervised/child-exit.ts'

// why: what V8 printed on this machine when isolated-vm let a hash table growth abort the process.
const V8_HEAP_ABORT = [
  '',
  '<--- Last few GCs --->',
  '',
  '[1685:0x3e057180]      228 ms: Mark-Compact (reduce) 12.1 (15.8) -> 12.1 (13.8) MB, last resort; GC in old space requested',
  '',
  '<--- JS stacktrace --->',
  '',
  'CALL_AND_RETRY_LAST',
  'is_heap_oom = 1',
  '',
].join('\n')

describe('the failure a run gets when its process died', () => {
  it('is memory when V8 reports a heap abort', () => {
    expect(failureOfExit({ code: null, signal: 'SIGABRT', stderr: V8_HEAP_ABORT }, 16)).toEqual({
      kind: 'memory',
      message:
        'the program exceeded the memory limit of 16 MB (memoryMb): V8 aborted its runtime process (signal SIGABRT); a new process replaces it',
    })
  })

  it('is crash with the first stderr line otherwise, or with none', () => {
    expect(
      failureOfExit({ code: 1, signal: null, stderr: '\nError: Cannot find module x\n    at load\n' }, 64),
    ).toEqual({
      kind: 'crash',
      message: 'the runtime process died (exit code 1): Error: Cannot find module x; a new process replaces it',
    })
    expect(failureOfExit({ code: null, signal: 'SIGSEGV', stderr: '' }, 64)).toEqual({
      kind: 'crash',
      message: 'the runtime process died (signal SIGSEGV); a new process replaces it',
    })
  })

  it('skips V8 report banners and bounds the line it quotes', () => {
    expect(firstLine(`<--- JS stacktrace --->\n[12:0x1] gc\n${'x'.repeat(500)}`)).toBe('x'.repeat(200))
    expect(firstLine('\n \n')).toBeUndefined()
    expect(describeExit({ code: 3, signal: null, stderr: '' })).toBe('exit code 3')
  })
})

describe('the quoted stderr line', () => {
  it("prefers Node's error line over the source excerpt before it", () => {
    const report =
      "node:internal/modules/cjs/loader:1210\n  throw err;\n  ^\n\nError: Cannot find module '/x.js'\n    at Module._resolveFilename"
    expect(firstLine(report)).toBe("Error: Cannot find module '/x.js'")
  })
})
