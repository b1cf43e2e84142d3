// examples/approvals.ts, the README's "Approvals and durable runs" example, run as a user would
// with the real `ai` package and a scripted model: the model's program pauses at the gated
// send_email, nothing is sent, the pending call is approved and the run resumes to send it once.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { scriptedModel } from '../helpers/ai-model.ts'

const examples = new URL('../../../../examples/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, examples), 'utf8')

const PROGRAM = `const sent = await tools.send_email({ to: 'ada@example.com', body: 'The report is ready.' })
return sent`

it('approvals.ts pauses at send_email, then approves and resumes it: sent once', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'isocode-approvals-'))
  try {
    const { model, calls } = await scriptedModel([{ code: PROGRAM }, { text: 'It waits for your approval.' }])
    const example = (await import(/* @vite-ignore */ new URL('approvals.ts', examples).href)) as {
      main(model: unknown, store: string): Promise<string[]>
      outbox: string[]
    }
    expect(await example.main(model, `file:${join(dir, 'runs.db')}`)).toEqual(['ada@example.com'])
    // why: the model's turn ended with the run paused: it read the pending call, nothing was sent then.
    const toolTurn = JSON.stringify(calls()[1]?.prompt ?? null)
    expect(toolTurn).toContain('paused')
    expect(toolTurn).toContain('send_email')
    expect(example.outbox).toEqual(['ada@example.com'])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}, 60_000)

it('the README shows approvals.ts verbatim in "Approvals and durable runs", short', () => {
  const readme = readFileSync(new URL('../README.md', examples), 'utf8')
  const start = readme.indexOf('## Approvals and durable runs')
  expect(start).toBeGreaterThan(readme.indexOf('## In your code: createCodeMode'))
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1))
  expect(section).toContain('[`examples/approvals.ts`](examples/approvals.ts)')
  expect(section).toContain('```ts\n' + read('approvals.ts') + '```\n')
  const lines = read('approvals.ts')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('import ') && !line.trim().startsWith('//'))
  expect(lines.length).toBeLessThanOrEqual(25)
})
