// One scenario: a runtime child whose parent end of the channel closes (the parent died without
// a dispose message) disposes its runtime and exits on its own, with code 0.
import type { Duplex } from 'node:stream'
import { resolveConfig } from '@isocode/isolate-runtime'
import { expect, it } from 'vitest'
import { spawnRuntimeChild } from '../../src/supervised/child-spawn.ts'
import { CHANNEL_FD } from '../../src/supervised/wire/child-protocol.ts'

it('exits cleanly once the parent side of its channel is gone', async () => {
  const child = spawnRuntimeChild(resolveConfig({ poolSize: 1 }))
  const channel = child.stdio[CHANNEL_FD] as Duplex
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  // why: the first frame the child writes is `ready`; wait for it so the runtime is up.
  await new Promise((resolve) => channel.once('data', resolve))
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('exit', (code, signal) => resolve([code, signal])),
  )
  channel.destroy()
  expect({ exit: await exited, stderr }).toEqual({ exit: [0, null], stderr: '' })
}, 20_000)
