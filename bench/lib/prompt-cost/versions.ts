// The versions of the packages a prompt-cost report was measured with, for its page.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
// why: the MCP SDK has no root export; any of its modules locates its folder.
const PACKAGES: Record<string, string> = {
  '@cloudflare/codemode': '@cloudflare/codemode',
  '@utcp/code-mode': '@utcp/code-mode',
  ai: 'ai',
  '@modelcontextprotocol/sdk': '@modelcontextprotocol/sdk/types.js',
  'gpt-tokenizer': 'gpt-tokenizer',
}

function versionOf(name: string, module: string): string {
  const entry = require.resolve(module)
  // why: not every package exports its package.json; its folder is in the resolved entry's path.
  const folder = `node_modules/${name}`
  const manifest = `${entry.slice(0, entry.lastIndexOf(folder) + folder.length)}/package.json`
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** `name@version` of each measured package that resolves from the bench package. */
export function measuredVersions(): string[] {
  return Object.entries(PACKAGES).flatMap(([name, module]) => {
    try {
      return [`${name}@${versionOf(name, module)}`]
    } catch {
      // why: a package that does not resolve is reported by its row ("unavailable") instead.
      return []
    }
  })
}
