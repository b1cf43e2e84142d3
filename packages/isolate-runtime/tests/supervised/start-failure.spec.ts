// One scenario: a runtime child that cannot start is reported, never left half-started.
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { ChildHost } from '../../src/supervised/child-host.ts'
import { resolveConfig } from '@isocode/isolate-runtime'

it('rejects ready with the exit and the first stderr line, and reports the exit once', async () => {
  const exits: string[] = []
  const missing = fileURLToPath(new URL('./no-such-entry.js', import.meta.url))
  const host = new ChildHost(
    resolveConfig({ poolSize: 1 }),
    {
      idle: () => exits.push('idle'),
      exited: (_host, exit, started) => exits.push(`${String(exit.code)} started=${started}`),
    },
    { entry: missing, execArgv: ['--no-node-snapshot'] },
  )
  await expect(host.ready).rejects.toThrow(
    /^the runtime child process did not start \(exit code 1\): .*Cannot find module/,
  )
  await host.dispose('done')
  expect({ exits, idle: host.idle }).toEqual({ exits: ['1 started=false'], idle: false })
})
