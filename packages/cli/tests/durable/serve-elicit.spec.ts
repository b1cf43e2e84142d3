// `isocode serve` over stdio with a client that declared elicitation (rule R-143): the gated call
// is asked as elicitation/create with its tool, arguments and line:column; the answer decides it
// and the same tools/call returns the resumed run's result.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { PROGRAM, ran, scratch } from './helpers.ts'
import { call, fieldsOf, overStdio, textOf } from './mcp-client.ts'
import type { Connected } from './mcp-client.ts'

let dir = ''
let served: Connected
// why: the test's user answers from this switch; each answer is the test's, never the model's.
let approve = true

beforeAll(async () => {
  dir = await scratch('isocode-serve-elicit-')
  served = await overStdio(
    dir,
    [
      '--tools',
      'tools.mjs',
      '--approve',
      'send_email',
      '--isolation',
      'isolate',
      '--store',
      `file:${join(dir, 'runs.db')}`,
    ],
    (request) => {
      const key = fieldsOf(request).find((name) => name.startsWith('approve_'))
      const reasonKey = key?.replace('approve_', 'reason_') ?? 'reason'
      return { action: 'accept', content: { [key ?? 'approve']: approve, [reasonKey]: approve ? '' : 'not today' } }
    },
  )
  // why: listing first makes the SDK client validate run_code's structuredContent against its outputSchema.
  await served.client.listTools()
})
afterAll(async () => {
  await served?.close()
  await rm(dir, { recursive: true, force: true })
})

it('approve: the user is asked about the pending call and the run completes in place; the call ran once', async () => {
  const result = await call(served.client, 'run_code', { code: PROGRAM })
  expect(served.asked).toHaveLength(1)
  const asked = served.asked[0]
  expect(asked?.message).toContain('tools.send_email({"to":"ada@example.com","body":"hello"}) at 2:')
  expect(result.isError).toBeFalsy()
  expect(result.structuredContent).toMatchObject({ status: 'completed', value: { sent: 'sent to ada@example.com' } })
  expect(typeof result.structuredContent?.runId).toBe('string')
  expect(await ran(dir, 'send_email')).toBe(1)
  // why: the replay serves the earlier call from the log.
  expect(await ran(dir, 'lookup')).toBe(1)
})

it('deny: the program gets DENIED with the reason and the tool never runs', async () => {
  approve = false
  const result = await call(served.client, 'run_code', { code: PROGRAM })
  expect(served.asked).toHaveLength(2)
  expect(result.isError).toBe(true)
  expect(textOf(result)).toContain('DENIED')
  expect(textOf(result)).toContain('not today')
  expect(result.structuredContent).toMatchObject({ status: 'failed' })
  expect(await ran(dir, 'send_email')).toBe(1)
})
