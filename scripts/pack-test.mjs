#!/usr/bin/env node
// `pnpm test:pack`: build, `pnpm pack` every package, install the tarballs with plain npm into a
// fresh project in the OS temp folder (outside the workspace), and there (a) run the README's
// Cordis quick-start, (b) run the installed `isocode` bin, (c) type-check a consumer file
// against the shipped .d.ts, (d) compile (NodeNext, strict) and run a consumer of the `isocode`
// facade, (e) check that no .d.ts of `isocode` mentions Cordis. ISOCODE_PACK_NODE picks the consumer's node (default: this node);
// ISOCODE_PACK_KEEP=1 keeps the temp folder. Exits 1 when any step fails.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expectContains, expectSuccess, inspectNodeModules, megabytes, Report, run, tail } from './pack-test/lib.mjs'

const repo = dirname(dirname(fileURLToPath(import.meta.url)))
const here = join(repo, 'scripts', 'pack-test')
const node = process.env.ISOCODE_PACK_NODE || process.execPath
// why: install scripts (isolated-vm's native build) must see the consumer's node first on PATH.
const env = {
  ...process.env,
  PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
}
const requireFromRepo = createRequire(join(repo, 'package.json'))
const tsc = requireFromRepo.resolve('typescript/bin/tsc')
const FORBIDDEN = ['vitest', 'tsx', '@vitest/runner', '@vitest/expect']
// why: npm and pnpm add the repository's LICENSE to a package that has none of its own; it belongs there.
const SHIPPED = /^package\/(README\.md|LICENSE|package\.json|dist\/.+\.(js|d\.ts)|bin\/[^/]+\.mjs)$/

const report = new Report()
const work = await mkdtemp(join(tmpdir(), 'isocode-pack-'))
const tarballs = join(work, 'tarballs')
const consumer = join(work, 'consumer')
/** @type {Array<{ name: string, file: string, manifest: any }>} */
const packed = []

console.log(`pack test: node ${(await run(node, ['--version'])).stdout.trim()} (${node}), temp ${work}\n`)

const quickStart = await readFile(join(repo, 'fixtures', 'quick-start.ts'), 'utf8')
await report.step('README shows fixtures/quick-start.ts verbatim', async () => {
  const readme = await readFile(join(repo, 'README.md'), 'utf8')
  if (!readme.includes('```ts\n' + quickStart + '```'))
    throw new Error(
      'README.md has no ```ts block equal to fixtures/quick-start.ts; copy the file into the "For plugin authors: the Cordis plugins" section',
    )
})

const built = await report.step(
  'pnpm build',
  async () => void expectSuccess('pnpm build', await run('pnpm', ['build'], { cwd: repo, env })),
)

const packedOk = await report.step(
  'pnpm pack every package',
  async () => {
    await mkdir(tarballs)
    for (const dir of (await readdir(join(repo, 'packages'))).toSorted()) {
      const cwd = join(repo, 'packages', dir)
      const manifest = JSON.parse(await readFile(join(cwd, 'package.json'), 'utf8'))
      if (manifest.private === true) continue
      const before = new Set(await readdir(tarballs))
      expectSuccess(
        `pnpm pack (${manifest.name})`,
        await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd, env }),
      )
      const file = (await readdir(tarballs)).find((f) => !before.has(f))
      if (file === undefined) throw new Error(`pnpm pack (${manifest.name}) wrote no tarball`)
      packed.push({
        name: manifest.name,
        file: join(tarballs, file),
        manifest: await checkTarball(join(tarballs, file), manifest),
      })
    }
    return `${packed.length} tarballs: ${packed.map((p) => p.name).join(', ')}`
  },
  built ? undefined : 'the build failed',
)

/** Check one tarball's contents and manifest against the workspace `source` manifest; return the packed manifest. */
async function checkTarball(file, source) {
  const listing = expectSuccess('tar -tzf', await run('tar', ['-tzf', file]))
    .stdout.trim()
    .split('\n')
  const text = expectSuccess('tar -xzOf', await run('tar', ['-xzOf', file, 'package/package.json'])).stdout
  const manifest = JSON.parse(text)
  const problems = []
  const extra = listing.filter((entry) => !SHIPPED.test(entry))
  if (extra.length > 0) problems.push(`ships files that do not run: ${extra.join(', ')}`)
  if (!listing.includes('package/README.md')) problems.push('ships no README.md')
  for (const marker of ['workspace:', 'catalog:', '@isocode/source'])
    if (text.includes(marker)) problems.push(`package.json still says ${marker}`)
  for (const name of FORBIDDEN) if (manifest.dependencies?.[name] !== undefined) problems.push(`depends on ${name}`)
  if (manifest.peerDependencies?.vitest !== undefined && manifest.peerDependenciesMeta?.vitest?.optional !== true)
    problems.push('vitest is a required peer')
  // why: publishConfig.exports replaces exports in the tarball; a subpath missing there is lost.
  const lost = Object.keys(source.exports ?? {}).filter((key) => manifest.exports?.[key] === undefined)
  if (lost.length > 0) problems.push(`exports ${lost.join(', ')} missing from publishConfig.exports`)
  const targets = Object.values(manifest.exports ?? {}).flatMap((entry) => Object.values(entry))
  for (const target of [...targets, ...Object.values(manifest.bin ?? {})]) {
    if (!listing.includes(`package/${String(target).replace(/^\.\//, '')}`))
      problems.push(`exports or bin target ${target} is not in the tarball`)
  }
  if (problems.length > 0) throw new Error(`${manifest.name}:\n- ${problems.join('\n- ')}`)
  return manifest
}

let installed = false
if (packedOk) {
  installed = await report.step('npm install the tarballs (plus cordis) in a fresh project', async () => {
    if (!relative(repo, consumer).startsWith('..'))
      throw new Error(`the consumer ${consumer} is inside the workspace ${repo}`)
    await mkdir(join(consumer, 'src'), { recursive: true })
    const cli = packed.find((p) => p.name === '@isocode/cli')
    const typesNode = JSON.parse(await readFile(requireFromRepo.resolve('@types/node/package.json'), 'utf8')).version
    const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:${p.file}`]))
    dependencies.cordis = cli?.manifest.dependencies?.cordis ?? 'latest'
    // why: the NodeNext consumer (d) passes a zod tool; the same zod the facade is tested with.
    dependencies.zod = JSON.parse(
      await readFile(
        createRequire(join(repo, 'packages', 'isocode', 'package.json')).resolve('zod/package.json'),
        'utf8',
      ),
    ).version
    const manifest = {
      name: 'isocode-pack-consumer',
      private: true,
      type: 'module',
      dependencies,
      devDependencies: { '@types/node': typesNode },
    }
    await writeFile(join(consumer, 'package.json'), JSON.stringify(manifest, null, 2) + '\n')
    console.log(
      `  … npm install in ${consumer} (a native module without a prebuilt binary for this node is compiled: minutes)`,
    )
    const outcome = expectSuccess('npm install', await npm(['install', '--no-audit', '--no-fund']))
    return `install time ${(outcome.ms / 1000).toFixed(1)} s`
  })
  await report.step(
    'consumer node_modules has no vitest and no tsx',
    async () => {
      const { packages, bytes } = await inspectNodeModules(join(consumer, 'node_modules'))
      const found = packages.filter((name) => FORBIDDEN.includes(name) || name.startsWith('@vitest/'))
      if (found.length > 0) throw new Error(`installed: ${[...new Set(found)].join(', ')}`)
      return `consumer node_modules ${megabytes(bytes)}, ${packages.length} packages`
    },
    installed ? undefined : 'npm install failed',
  )
}

/** Run the npm found on PATH with the consumer's node, in the consumer folder. */
async function npm(args) {
  const npmPath = (await run('which', ['npm'], { env })).stdout.trim()
  const cli = (await run(node, ['-e', 'process.stdout.write(require("fs").realpathSync(process.argv[1]))', npmPath]))
    .stdout
  return cli.endsWith('.js')
    ? run(node, [cli, ...args], { cwd: consumer, env })
    : run('npm', args, { cwd: consumer, env })
}

const notInstalled = installed ? undefined : 'nothing installed'
await report.step(
  '(c) tsc --noEmit: consumer files against the shipped .d.ts',
  async () => {
    await copyFile(join(repo, 'fixtures', 'quick-start.ts'), join(consumer, 'src', 'quick-start.ts'))
    await copyFile(join(here, 'consumer-types.ts'), join(consumer, 'src', 'consumer-types.ts'))
    // why: cordis's .d.ts use extensionless relative imports, so they resolve with `bundler` (not
    // NodeNext); DOM provides HeadersInit, which the MCP SDK's .d.ts use; skipLibCheck stays off so
    // every shipped .d.ts is checked.
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2023', 'DOM'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
    }
    await writeFile(join(consumer, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2))
    const outcome = await run(node, [tsc, '-p', 'tsconfig.json'], { cwd: consumer, env })
    if (outcome.code !== 0) throw new Error(`tsc reported errors:\n${tail(outcome.stdout, 40)}`)
    return 'src/quick-start.ts, src/consumer-types.ts'
  },
  notInstalled,
)

await report.step(
  '(a) the Cordis quick-start runs',
  async () => {
    const emit = {
      extends: './tsconfig.json',
      compilerOptions: { noEmit: false, rootDir: 'src', outDir: 'dist' },
      include: ['src/quick-start.ts'],
    }
    await writeFile(join(consumer, 'tsconfig.emit.json'), JSON.stringify(emit, null, 2))
    expectSuccess(
      'tsc -p tsconfig.emit.json',
      await run(node, [tsc, '-p', 'tsconfig.emit.json'], { cwd: consumer, env }),
    )
    const outcome = expectSuccess(
      'node dist/quick-start.js',
      await run(node, ['--no-node-snapshot', 'dist/quick-start.js'], { cwd: consumer, env }),
    )
    expectContains('quick-start', outcome.stdout, [
      "[ 'run_code' ]",
      'list_notes: (args: {}) => Promise<{',
      'read 2 notes',
      '"groceries": 3',
      '"ideas": 1',
    ])
    return 'printed run_code, the typed SDK and the program result'
  },
  notInstalled,
)

await report.step(
  '(b) the installed isocode bin: run (default and in-process isolation) and sdk',
  async () => {
    const folder = join(consumer, 'workspace')
    await mkdir(folder)
    await writeFile(join(folder, 'a.md'), '# A\nalpha\n')
    await writeFile(join(folder, 'b.md'), '# B\nbeta\ngamma\n')
    await copyFile(join(here, 'program.ts'), join(folder, 'program.ts'))
    const bin = join(consumer, 'node_modules', '.bin', 'isocode')
    const results = ['"a.md": 2', '"b.md": 3', 'notes: a.md, b.md']
    // why: the default is the process-isolated runtime (a supervised child, the built child entry);
    // --isolation isolate is the in-process opt-in.
    const supervised = expectSuccess('isocode run', await run(bin, ['run', 'program.ts'], { cwd: folder, env }))
    expectContains('isocode run', supervised.stdout, [...results, 'runtime process', '── ok'])
    const inProcess = expectSuccess(
      'isocode run --isolation isolate',
      await run(bin, ['run', 'program.ts', '--isolation', 'isolate'], { cwd: folder, env }),
    )
    expectContains('isocode run --isolation isolate', inProcess.stdout, [
      ...results,
      'runtime isolate (in this process)',
      '── ok',
    ])
    const sdk = expectSuccess('isocode sdk', await run(bin, ['sdk'], { cwd: folder, env }))
    expectContains('isocode sdk', sdk.stdout, ['declare const tools: {', 'list_files: (args: {', 'read_file: (args: {'])
    return 'run, run --isolation isolate, sdk'
  },
  notInstalled,
)

await report.step(
  "(a') the README's first example, examples/first-run.mjs, runs as plain JavaScript",
  async () => {
    await copyFile(join(repo, 'examples', 'first-run.mjs'), join(consumer, 'first-run.mjs'))
    const outcome = expectSuccess(
      'node first-run.mjs',
      await run(node, ['--no-node-snapshot', 'first-run.mjs'], { cwd: consumer, env }),
    )
    expectContains('first-run.mjs', outcome.stdout, ['Paris 18 Oslo 9\n\nreturn value:\nParis'])
    return 'printed the logs and the value the README shows'
  },
  notInstalled,
)

await report.step(
  '(d) NodeNext consumer of isocode: tsc (nodenext, strict) and node',
  async () => {
    const folder = join(consumer, 'nodenext')
    await mkdir(join(folder, 'src'), { recursive: true })
    await copyFile(join(here, 'nodenext-consumer.ts'), join(folder, 'src', 'main.ts'))
    // why: what a plain Node ESM project uses; skipLibCheck stays off so the shipped .d.ts are checked.
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      strict: true,
      skipLibCheck: false,
      types: ['node'],
      rootDir: 'src',
      outDir: 'dist',
    }
    await writeFile(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2))
    const compiled = await run(node, [tsc, '-p', 'tsconfig.json'], { cwd: folder, env })
    if (compiled.code !== 0) throw new Error(`tsc reported errors:\n${tail(compiled.stdout, 40)}`)
    const outcome = expectSuccess(
      'node nodenext/dist/main.js',
      await run(node, ['--no-node-snapshot', 'dist/main.js'], { cwd: folder, env }),
    )
    expectContains('nodenext consumer', outcome.stdout, [
      'value {"sum":5,"greeting":"hello NodeNext"}',
      'bad call exception at 1:',
      'adapters run_code run_code tool 42',
      'after close: CLOSED',
    ])
    return 'compiled with nodenext + strict, ran a plain and a zod tool and isocode/openai'
  },
  notInstalled,
)

await report.step(
  '(e) no .d.ts of isocode imports Cordis',
  async () => {
    const pkg = join(consumer, 'node_modules', 'isocode')
    const dist = join(pkg, 'dist')
    // why: the public entries' .d.ts and every .d.ts they import; `./internal` (the CLI's way into
    // the one assembly, no stability promise) is not the facade's exported signatures.
    const { exports } = JSON.parse(await readFile(join(pkg, 'package.json'), 'utf8'))
    const entries = Object.entries(exports)
      .filter(([path]) => !path.startsWith('./internal') && path !== './package.json')
      .map(([, target]) => (typeof target === 'string' ? target : (target.types ?? target.default ?? target.import)))
      .filter((target) => typeof target === 'string' && target.endsWith('.d.ts'))
      .map((target) => join(pkg, target))
    const files = []
    const queue = [...entries]
    while (queue.length > 0) {
      const file = queue.shift()
      if (files.includes(file)) continue
      files.push(file)
      const text = await readFile(file, 'utf8')
      for (const [, spec] of text.matchAll(/from ['"](\.{1,2}\/[^'"]+)['"]/g))
        queue.push(join(dirname(file), spec.replace(/\.(ts|js)$/, '.d.ts')))
    }
    if (files.length === 0) throw new Error(`no .d.ts reached from the public entries of ${dist}`)
    const offending = []
    // why: any import of the module (`from 'cordis'`, `import('cordis')`, a subpath) brings its types in.
    for (const file of files)
      if (/['"]cordis(\/[^'"]*)?['"]/.test(await readFile(file, 'utf8'))) offending.push(relative(dist, file))
    if (offending.length > 0)
      throw new Error(
        `${offending.join(', ')} import cordis; keep Cordis types out of the facade's exported signatures`,
      )
    return `${files.length} .d.ts files reached from the public entries, none imports cordis`
  },
  notInstalled,
)

const ok = report.summary()
if (process.env.ISOCODE_PACK_KEEP === '1') console.log(`kept ${work}`)
else await rm(work, { recursive: true, force: true })
process.exitCode = ok ? 0 : 1
