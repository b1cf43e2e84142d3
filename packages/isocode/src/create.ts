import { IsocodeError } from './errors.ts'
import type { CodeModeOptions } from './options.ts'
import type { CodeMode } from './types.ts'

/** Boot Code Mode over `options.tools` and `options.mcp`: one `run_code` tool, its SDK text, and `run`. */
export async function createCodeMode(options: CodeModeOptions = {}): Promise<CodeMode> {
  // why: skeleton commit; the implementation follows on this branch.
  throw new IsocodeError(`createCodeMode is not built yet (${Object.keys(options).join(', ')})`, 'STARTUP')
}
