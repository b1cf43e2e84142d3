// Where the tasks' MCP servers keep their state: a scratch folder with a fresh copy of the fixture
// tree (server-filesystem's root) and the knowledge-graph file of server-memory. Both paths of the
// eval start from the same state in the same folder, so they send byte-identical arguments.
import { cp, mkdir, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { McpStdioServerConfig } from '@isocode/mcp'

const require = createRequire(import.meta.url)
const fixtureTree = fileURLToPath(new URL('../../fixtures/eval/tree', import.meta.url))

/** The environments tasks run in: three MCP reference servers from npm and the 500-tool set. */
export type EnvId = 'filesystem' | 'memory' | 'everything' | 'tools500'

/** The environments, in table order. */
export const ENV_IDS: readonly EnvId[] = ['filesystem', 'memory', 'everything', 'tools500']

/** The scratch folder of one eval run. */
export interface Workspace {
  /** server-filesystem's root: a copy of fixtures/eval/tree. */
  readonly tree: string
  /** server-memory's MEMORY_FILE_PATH. */
  readonly memoryFile: string
}

/** The workspace under `root`; call {@link resetWorkspace} before each path. */
export function workspaceAt(root: string): Workspace {
  return { tree: join(root, 'tree'), memoryFile: join(root, 'memory.jsonl') }
}

/** Put `workspace` back in its starting state: a fresh copy of the tree and no knowledge graph. */
export async function resetWorkspace(workspace: Workspace): Promise<void> {
  await rm(workspace.tree, { recursive: true, force: true })
  await rm(workspace.memoryFile, { force: true })
  await mkdir(dirname(workspace.tree), { recursive: true })
  await cp(fixtureTree, workspace.tree, { recursive: true })
}

/** The bin script of an installed MCP server package, run with this node (no npx, no shell shim). */
function serverBin(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const manifest = require(manifestPath) as { bin: string | Record<string, string> }
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]
  if (bin === undefined) throw new Error(`eval: ${pkg} has no bin in its package.json`)
  return join(dirname(manifestPath), bin)
}

/** The stdio config of the MCP server behind `env` (none for the 500-tool set). */
export function serverConfig(env: EnvId, workspace: Workspace): McpStdioServerConfig | undefined {
  const node = (pkg: string, args: string[], extra: Partial<McpStdioServerConfig> = {}): McpStdioServerConfig => ({
    name: env,
    command: process.execPath,
    args: [serverBin(pkg), ...args],
    ...extra,
  })
  switch (env) {
    case 'filesystem':
      return node('@modelcontextprotocol/server-filesystem', [workspace.tree])
    case 'memory':
      return node('@modelcontextprotocol/server-memory', [], { env: { MEMORY_FILE_PATH: workspace.memoryFile } })
    case 'everything':
      return node('@modelcontextprotocol/server-everything', ['stdio'])
    case 'tools500':
      return undefined
  }
}
