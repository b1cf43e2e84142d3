import { CodeRuntimeError } from '@isocode/code-runtime'
import { expect, it } from 'vitest'
import { boot, never, ns, run, sleep } from '../helpers.ts'

it('disposing the plugin mid-run ends live runs with abort and rejects later runs', async () => {
  const app = await boot({ poolSize: 2, cpuMs: 10_000, wallMs: 10_000 })
  const started: string[] = []
  const ready = (): Promise<null> => (started.push('ready'), Promise.resolve(null))
  const tools = ns('tools', { never, ready })
  const spinning = run(app.runtime, "console.log('a')\nawait tools.ready({})\nwhile (true) {}", [tools])
  const waiting = run(app.runtime, "console.log('b')\nawait tools.ready({})\nawait tools.never({})", [tools])
  while (started.length < 2) await sleep(5)
  await sleep(20)
  await app.dispose()
  expect(await spinning).toEqual({
    logs: ['a'],
    error: { kind: 'abort', message: expect.stringMatching(/disposed/) },
    usage: expect.any(Object),
  })
  expect(await waiting).toEqual({
    logs: ['b'],
    error: { kind: 'abort', message: expect.stringMatching(/disposed/) },
    usage: expect.any(Object),
  })
  await expect(run(app.runtime, 'return 1')).rejects.toBeInstanceOf(CodeRuntimeError)
  expect(app.root.get('codeRuntime')).toBeUndefined()
})
