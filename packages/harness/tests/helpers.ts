import { Context } from 'cordis'
import { SystemPrompt } from '@isocode/harness'
import type { SystemPromptConfig } from '../src/system-prompt/types.ts'

/** Boot a root with SystemPrompt and return a plugin context that injects it. */
export async function bootPrompt(config: SystemPromptConfig = {}): Promise<{ root: Context; ctx: Context }> {
  const root = new Context()
  await root.plugin(SystemPrompt, config)
  let ctx: Context | undefined
  await root.plugin({
    inject: ['systemPrompt'],
    apply(c: Context) {
      ctx = c
    },
  })
  if (ctx === undefined) throw new Error('plugin did not load')
  return { root, ctx }
}

/** A plugin context with no injected services, under `root`. */
export async function plainPlugin(root: Context): Promise<Context> {
  let ctx: Context | undefined
  await root.plugin((c: Context) => {
    ctx = c
  })
  if (ctx === undefined) throw new Error('plugin did not load')
  return ctx
}
