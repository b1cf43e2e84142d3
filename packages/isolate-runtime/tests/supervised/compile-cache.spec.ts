// One concern: a runtime child is started with Node's module compile cache where the line has
// one, and with the caller's own setting when there is one (RT-70). Read from /proc (Linux).
import { existsSync, readFileSync } from 'node:fs'
import * as nodeModule from 'node:module'
import type { Duplex } from 'node:stream'
import { resolveConfig } from '@isocode/isolate-runtime'
import { afterEach, expect, it } from 'vitest'
import { spawnRuntimeChild } from '../../src/supervised/child-spawn.ts'
import { CHANNEL_FD } from '../../src/supervised/wire/child-protocol.ts'

const hasCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function'

/** The compile-cache variables a freshly spawned child sees, after which it is ended by closing its channel. */
async function childCacheEnv(): Promise<string[]> {
  const child = spawnRuntimeChild(resolveConfig({ poolSize: 1 }))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  try {
    return readFileSync(`/proc/${child.pid}/environ`, 'utf8')
      .split('\0')
      .filter((entry) => entry.startsWith('NODE_COMPILE_CACHE=') || entry.startsWith('NODE_DISABLE_COMPILE_CACHE='))
  } finally {
    // why: a child whose channel closes disposes its runtime and exits on its own.
    ;(child.stdio[CHANNEL_FD] as Duplex).destroy()
    await exited
  }
}

afterEach(() => {
  delete process.env.NODE_COMPILE_CACHE
  delete process.env.NODE_DISABLE_COMPILE_CACHE
})

it.runIf(existsSync('/proc/self/environ'))('starts children with the compile cache where Node has one', async () => {
  const seen = await childCacheEnv()
  expect(seen.map((entry) => /^NODE_COMPILE_CACHE=.+/.test(entry))).toEqual(hasCache ? [true] : [])
})

it.runIf(existsSync('/proc/self/environ'))("keeps the caller's own compile-cache setting", async () => {
  process.env.NODE_DISABLE_COMPILE_CACHE = '1'
  expect(await childCacheEnv()).toEqual(['NODE_DISABLE_COMPILE_CACHE=1'])
})
