// Tasks over the 500-tool set (fixtures/tools/tools-500.json with the fake executes of
// lib/fake-tools.ts). The user names the endpoints; direct calling has every definition in its
// context, Code Mode has the compact SDK (too many tools to declare), so its first run looks the
// named tools up with tools.$describe, as the compact section tells the model to.
import type { JsonObject } from '@isocode/registry'
import { call, program, read, readAs, type CodeScript, type Task } from '../lib/task.ts'

interface Item {
  id: number
  name: string
  status: 'open' | 'closed'
  owner: string
  amount: number
}
interface Listing {
  items: Item[]
  total: number
}

const json = (value: unknown): string => JSON.stringify(value)

/** The first Code Mode run: print the declarations of the named tools (the model reads their arguments). */
function* discover(names: string[]): Generator<ReturnType<typeof program>, void, string> {
  const text = yield program(
    'Look up the tools I need',
    `for (const name of ${json(names)}) console.log(await tools.$describe(name))`,
  )
  for (const name of names)
    if (!text.includes(`${name}: (args`)) throw new Error(`$describe printed no declaration of ${name}`)
}

/** A Code Mode script: discover `names`, then run `code` and answer with its value. */
function* discoverThenRun(names: string[], description: string, code: string): CodeScript {
  yield* discover(names)
  return read(yield program(description, code))
}

export const tools500Tasks: Task[] = [
  {
    id: 't500-archive-closed',
    env: 'tools500',
    prompt:
      "List the tickets of the 'ops' board with list_ticket_090, archive every closed one with archive_ticket_449 (by name), and tell me which you archived.",
    expected: ['ticket-6222', 'ticket-6256'],
    *direct() {
      const { items } = readAs<Listing>(yield call('list_ticket_090', { id: 'ops' }))
      const archived: string[] = []
      for (const item of items.filter((i) => i.status === 'closed')) {
        yield call('archive_ticket_449', { id: true, name: item.name })
        archived.push(item.name)
      }
      return archived
    },
    code: () =>
      discoverThenRun(
        ['list_ticket_090', 'archive_ticket_449'],
        'Archive the closed tickets of the ops board',
        `
        const { items } = await tools.list_ticket_090({ id: 'ops' })
        const archived = []
        for (const item of items.filter((i) => i.status === 'closed')) {
          await tools.archive_ticket_449({ id: true, name: item.name })
          archived.push(item.name)
        }
        return archived
        `,
      ),
  },
  {
    id: 't500-invoice-total',
    env: 'tools500',
    prompt:
      'List the open invoices with list_invoice_484, fetch each one with get_invoice_315 (status 1) and give me the total amount of the fetched invoices, in cents.',
    expected: 25500,
    *direct() {
      const { items } = readAs<Listing>(yield call('list_invoice_484', { since: 'open' }))
      let total = 0
      for (const item of items)
        total += readAs<Item>(yield call('get_invoice_315', { status: 1, id: String(item.id) })).amount
      return total
    },
    code: () =>
      discoverThenRun(
        ['list_invoice_484', 'get_invoice_315'],
        'Total the open invoices',
        `
        const { items } = await tools.list_invoice_484({ since: 'open' })
        let total = 0
        for (const item of items) total += (await tools.get_invoice_315({ status: 1, id: String(item.id) })).amount
        return total
        `,
      ),
  },
  {
    id: 't500-user-exports',
    env: 'tools500',
    prompt:
      'Find all users with search_user_107, export each one with export_user_235 (owner = the user name, status = their status) and give me the export URLs.',
    expected: [
      'https://exports.example.com/user/1aba20e.csv',
      'https://exports.example.com/user/1bf322c.csv',
      'https://exports.example.com/user/1fe71f6.csv',
      'https://exports.example.com/user/18069e6.csv',
      'https://exports.example.com/user/1f250a1.csv',
      'https://exports.example.com/user/1249c36.csv',
    ],
    *direct() {
      const { items } = readAs<Listing>(yield call('search_user_107', { id: 'all' }))
      const urls: string[] = []
      for (const item of items)
        urls.push(readAs<{ url: string }>(yield call('export_user_235', { owner: item.name, status: item.status })).url)
      return urls
    },
    code: () =>
      discoverThenRun(
        ['search_user_107', 'export_user_235'],
        'Export every user',
        `
        const { items } = await tools.search_user_107({ id: 'all' })
        const urls = []
        for (const item of items) urls.push((await tools.export_user_235({ owner: item.name, status: item.status })).url)
        return urls
        `,
      ),
  },
  {
    id: 't500-metric-pipeline',
    env: 'tools500',
    prompt:
      "Import metrics from 'daily.csv' with import_metric_038, sync them with sync_metric_283 (owner = how many were imported), then read the summary with get_metric_465 (id 'all'). Report what was imported, synced, and the summary's status.",
    expected: { imported: 64, synced: 33, status: 'open' },
    *direct() {
      const { imported } = readAs<{ imported: number }>(yield call('import_metric_038', { body: 'daily.csv' }))
      const { synced } = readAs<{ synced: number }>(yield call('sync_metric_283', { owner: imported }))
      const { status } = readAs<Item>(yield call('get_metric_465', { id: 'all' }))
      return { imported, synced, status }
    },
    code: () =>
      discoverThenRun(
        ['import_metric_038', 'sync_metric_283', 'get_metric_465'],
        'Import, sync and summarize the daily metrics',
        `
        const { imported } = await tools.import_metric_038({ body: 'daily.csv' })
        const { synced } = await tools.sync_metric_283({ owner: imported })
        const { status } = await tools.get_metric_465({ id: 'all' })
        return { imported, synced, status }
        `,
      ),
  },
  {
    id: 't500-ticket-lookup',
    env: 'tools500',
    prompt: "What is the status and amount of the ticket get_ticket_098 returns for owner 'ops'?",
    expected: { status: 'closed', amount: 7800 },
    *direct() {
      const { status, amount } = readAs<Item>(yield call('get_ticket_098', { owner: 'ops' }))
      return { status, amount }
    },
    code: () =>
      discoverThenRun(
        ['get_ticket_098'],
        'Look up the ops ticket',
        `
        const { status, amount } = await tools.get_ticket_098({ owner: 'ops' })
        return { status, amount }
        `,
      ),
  },
  {
    id: 't500-close-users',
    env: 'tools500',
    prompt:
      "List the users tagged 'contractor' with list_user_491, close every open one with update_user_380 (status 'closed', name = the user's id) and tell me which ids you closed.",
    expected: [4059, 4093, 4127],
    *direct() {
      const { items } = readAs<Listing>(yield call('list_user_491', { tags: 'contractor' }))
      const closed: number[] = []
      for (const item of items.filter((i) => i.status === 'open')) {
        yield call('update_user_380', { status: 'closed', name: item.id } as JsonObject)
        closed.push(item.id)
      }
      return closed
    },
    code: () =>
      discoverThenRun(
        ['list_user_491', 'update_user_380'],
        'Close the open contractor accounts',
        `
        const { items } = await tools.list_user_491({ tags: 'contractor' })
        const closed = []
        for (const item of items.filter((i) => i.status === 'open')) {
          await tools.update_user_380({ status: 'closed', name: item.id })
          closed.push(item.id)
        }
        return closed
        `,
      ),
  },
]
