// `isocode serve --http` on 127.0.0.1 (rules ): a client that declared elicitation is
// asked over the call's own stream and the run completes in place; one without gets the paused run.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServe } from '../serve-helpers.ts'
import type { Served } from '../serve-helpers.ts'
import { PROGRAM, ran, scratch } from './helpers.ts'
import { call, fieldsOf, overHttp } from './mcp-client.ts'
import type { Connected } from './mcp-client.ts'

let dir = ''
let served: Served | undefined
const clients: Connected[] = []

beforeAll(async () => {
  dir = await scratch('isocode-serve-http-approvals-')
  served = await startServe(
    [
      '--http',
      '127.0.0.1:0',
      '--tools',
      'tools.mjs',
      '--approve',
      'send_email',
      '--isolation',
      'isolate',
      '--store',
      `file:${join(dir, 'runs.db')}`,
    ],
    dir,
  )
})
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined)
  served?.child.kill('SIGTERM')
  await served?.exit
  await rm(dir, { recursive: true, force: true })
})

it('with elicitation: approved on the call stream, the run completes in place and the call ran once', async () => {
  const client = await overHttp((served as Served).url, (request) => {
    const key = fieldsOf(request).find((name) => name.startsWith('approve_'))
    return { action: 'accept', content: { [key ?? 'approve']: true } }
  })
  clients.push(client)
  await client.client.listTools()
  const result = await call(client.client, 'run_code', { code: PROGRAM })
  expect(client.asked).toHaveLength(1)
  expect(result.structuredContent).toMatchObject({ status: 'completed', value: { sent: 'sent to ada@example.com' } })
  expect(await ran(dir, 'send_email')).toBe(1)
})

it('without elicitation: the run comes back paused with its pending call, and nothing more ran', async () => {
  const client = await overHttp((served as Served).url)
  clients.push(client)
  await client.client.listTools()
  const result = await call(client.client, 'run_code', { code: PROGRAM })
  expect(result.isError).toBeFalsy()
  expect(result.structuredContent).toMatchObject({ status: 'paused', pending: [{ tool: 'send_email', line: 2 }] })
  expect(await ran(dir, 'send_email')).toBe(1)
})
