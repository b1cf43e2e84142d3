// `isocode serve --mode both` over stdio: a gated tool called directly, outside any program, is
// asked to a client that declared elicitation (rule R-152) and runs only when the user ticks
// approve; a client that cannot be asked gets it denied, as before.
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ran, scratch } from './helpers.ts'
import { call, fieldsOf, overStdio, textOf } from './mcp-client.ts'
import type { Connected } from './mcp-client.ts'

const FLAGS = ['--tools', 'tools.mjs', '--approve', 'send_email', '--mode', 'both', '--isolation', 'isolate']
const EMAIL = { to: 'ada@example.com', body: 'hello' }

let dir = ''
let asking: Connected
let silent: Connected
// why: the test's user answers from this switch; each answer is the test's, never the model's.
let answer: 'approve' | 'untick' | 'decline' = 'approve'

beforeAll(async () => {
  dir = await scratch('isocode-serve-direct-')
  asking = await overStdio(dir, FLAGS, () =>
    answer === 'decline' ? { action: 'decline' } : { action: 'accept', content: { approve: answer === 'approve' } },
  )
  silent = await overStdio(dir, FLAGS)
})
afterAll(async () => {
  await asking?.close()
  await silent?.close()
  await rm(dir, { recursive: true, force: true })
})

it('approve: the user is asked about this one call, with the tool and its arguments, and it runs once', async () => {
  const result = await call(asking.client, 'send_email', EMAIL)
  expect(asking.asked).toHaveLength(1)
  const asked = asking.asked[0]!
  expect(asked.message).toContain('approve: send_email')
  expect(asked.message).toContain('tools.send_email({"to":"ada@example.com","body":"hello"})')
  expect(fieldsOf(asked)).toEqual(['approve'])
  expect(result.isError).toBeFalsy()
  expect(textOf(result)).toBe('sent to ada@example.com')
  expect(await ran(dir, 'send_email')).toBe(1)
})

it.each(['untick', 'decline'] as const)('%s: the call is denied and never runs', async (given) => {
  answer = given
  const before = asking.asked.length
  const result = await call(asking.client, 'send_email', EMAIL)
  expect(asking.asked).toHaveLength(before + 1)
  expect(result.isError).toBe(true)
  expect(textOf(result)).toBe('the user rejected tool "send_email"')
  expect(await ran(dir, 'send_email')).toBe(1)
})

it('a client without elicitation cannot be asked: the call is denied, and an ungated tool runs', async () => {
  const result = await call(silent.client, 'send_email', EMAIL)
  expect(silent.asked).toHaveLength(0)
  expect(result.isError).toBe(true)
  expect(textOf(result)).toContain('tool "send_email" requires approval (approve: send_email), but')
  expect(await ran(dir, 'send_email')).toBe(1)
  const free = await call(silent.client, 'lookup', { who: 'bob' })
  expect(textOf(free)).toBe('bob@example.com')
})
