// What the root README tells a newcomer to run does what it says: the pack command packs only the
// public packages, and `pnpm isocode` says it is building before the (slow, first) build.
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO } from './paths.ts'

async function manifests(): Promise<Array<{ name: string; private?: boolean }>> {
  const dirs = await readdir(join(REPO, 'packages'))
  return Promise.all(
    dirs.map(async (dir) => JSON.parse(await readFile(join(REPO, 'packages', dir, 'package.json'), 'utf8'))),
  )
}

/** The package names a pack command leaves out with `--filter '!name'`. */
const excluded = (line: string) => [...line.matchAll(/--filter '!([^']+)'/g)].map((m) => m[1]).toSorted()

describe("the root README's commands", () => {
  it('the pack command leaves out exactly the private packages', async () => {
    const readme = await readFile(join(REPO, 'README.md'), 'utf8')
    const packs = readme.split('\n').filter((line) => / pack --pack-destination /.test(line))
    expect(packs.length).toBeGreaterThan(0)
    const all = await manifests()
    const privates = all
      .filter((m) => m.private === true)
      .map((m) => m.name)
      .toSorted()
    expect(privates).toContain('@isocode/worker-runtime')
    for (const line of packs) {
      expect(line).toContain("--filter './packages/*'")
      expect(excluded(line)).toEqual(privates)
    }
  })

  it('`pnpm isocode` says "building…" on stderr before it builds, and nothing on stdout', async () => {
    const scripts = (
      JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts
    const steps = (scripts.isocode as string).split(' && ')
    const build = steps.indexOf('tsc -b tsconfig.build.json')
    expect(build).toBeGreaterThan(0)
    expect(steps.at(-1)).toMatch(/^node packages\/cli\/bin\/isocode\.mjs$/)
    // why: run what comes before the build, as pnpm would (a shell in the repository root).
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile('sh', ['-c', steps.slice(0, build).join(' && ')], { cwd: REPO, timeout: 20_000 }, (error, out, err) =>
        error === null ? resolve({ stdout: out, stderr: err }) : reject(error),
      )
    })
    expect(stdout).toBe('')
    expect(stderr).toMatch(/^isocode: building…/)
  })
})
