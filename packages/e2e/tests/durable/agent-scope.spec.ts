// A resume runs in the agent scope of the context ctx.tools.runs is called on: a run that
// called a tool only one agent has pauses at it (its `needsApproval`, read in the agent's scope),
// and that agent's ctx.tools.runs.approve resumes it with the tool in view.
import { afterAll, expect, it } from 'vitest'
import { boot, data, fileStore } from './app.ts'

const store = await fileStore()
afterAll(() => store.remove())

it("an agent's run pauses at the agent's own gated tool and resumes through the agent's ctx", async () => {
  const app = await boot({ store: store.url, agent: true })
  try {
    const agent = app.agent as NonNullable<typeof app.agent>
    const notes: string[] = []
    agent.ctx.tools.register({
      name: 'note',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      outputSchema: { type: 'object', properties: { kept: { type: 'number' } }, required: ['kept'] },
      needsApproval: true,
      async execute(args) {
        notes.push(String(args.text))
        return { content: [{ type: 'text', text: 'kept' }], structuredContent: { kept: notes.length } }
      },
    })
    const paused = data(await app.runCode("const r = await tools.note({ text: 'hi' })\nreturn r.kept"))
    expect(paused).toMatchObject({ status: 'paused', pending: [{ seq: 1, tool: 'note', line: 1 }] })
    expect(notes).toEqual([])

    const done = await agent.ctx.tools.runs.approve(paused.runId as string)
    expect(done).toMatchObject({ ok: true, status: 'completed', value: 1 })
    expect(notes).toEqual(['hi'])
  } finally {
    await app.dispose()
  }
})
