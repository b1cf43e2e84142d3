// Shared by the model-errors suites: boot a CLI app in a scratch folder and read run_code's text.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootApp } from '../src/app.ts'
import type { AppOptions, CliApp } from '../src/app.ts'

/** A booted app, its scratch folder, and the text run_code returns for a program. */
export interface ModelView {
  app: CliApp
  dir: string
  modelSees(code: string): Promise<string>
  dispose(): Promise<void>
}

/** Boot Code Mode with `options(dir)` in a fresh scratch folder. */
export async function bootModelView(
  prefix: string,
  options: (dir: string) => Omit<AppOptions, 'root' | 'mode' | 'log'>,
): Promise<ModelView> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  const app = await bootApp({ ...options(dir), root: dir, mode: 'code', log: () => {} })
  return {
    app,
    dir,
    async modelSees(code) {
      const result = await app.root.tools.execute({
        callId: 'c',
        name: 'run_code',
        arguments: { code, description: 'test' },
      })
      return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
    },
    async dispose() {
      await app.dispose()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
