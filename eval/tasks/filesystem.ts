// Tasks over @modelcontextprotocol/server-filesystem, rooted at a copy of fixtures/eval/tree (a
// small project: package.json, src/, docs/, data/ with quarterly sales CSVs). Paths are relative to
// that root, as the server resolves them. The task that writes a file comes last.
import { call, program, read, readAs, type Task } from '../lib/task.ts'

// Reading the server's text results, as the model does: listings are `[FILE] name` lines.
const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '')
const files = (listing: string): string[] =>
  lines(listing).flatMap((line) => (line.startsWith('[FILE] ') ? [line.slice(7)] : []))
const revenue = (text: string): number[] =>
  lines(text).flatMap((line) => /^[a-z]+,[a-z]+,\d+,(\d+)$/.exec(line)?.slice(1).map(Number) ?? [])
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0)
const imported = (source: string): string[] =>
  [...source.matchAll(/from '([^'.][^'/]*)/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]))

export const filesystemTasks: Task[] = [
  {
    id: 'fs-todo-count',
    env: 'filesystem',
    prompt: 'How many TODO comments are there in the TypeScript files under src/, subfolders included?',
    expected: 5,
    *direct() {
      const found = yield call('search_files', { path: 'src', pattern: '**/*.ts' })
      const text = yield call('read_multiple_files', { paths: lines(found) })
      return lines(text).filter((line) => line.includes('TODO')).length
    },
    *code() {
      return read(
        yield program(
          'Count the TODO lines in src/**/*.ts',
          `
          const found = await tools.search_files({ path: 'src', pattern: '**/*.ts' })
          const paths = found.content.split('\\n').filter((line) => line !== '')
          const { content } = await tools.read_multiple_files({ paths })
          return content.split('\\n').filter((line) => line.includes('TODO')).length
          `,
        ),
      )
    },
  },
  {
    id: 'fs-sales-total',
    env: 'filesystem',
    prompt: 'What is the total revenue across all the quarterly sales CSV files in data/?',
    expected: 19210,
    *direct() {
      const listing = yield call('list_directory', { path: 'data' })
      const csvs = files(listing).filter((name) => name.endsWith('.csv'))
      const text = yield call('read_multiple_files', { paths: csvs.map((name) => `data/${name}`) })
      return sum(revenue(text))
    },
    *code() {
      return read(
        yield program(
          'Sum the revenue column of data/*.csv',
          `
          const listing = await tools.list_directory({ path: 'data' })
          const csvs = listing.content.split('\\n').filter((line) => line.startsWith('[FILE] ') && line.endsWith('.csv')).map((line) => 'data/' + line.slice(7))
          const { content } = await tools.read_multiple_files({ paths: csvs })
          let total = 0
          for (const line of content.split('\\n')) {
            const match = /^[a-z]+,[a-z]+,\\d+,(\\d+)$/.exec(line)
            if (match) total += Number(match[1])
          }
          return total
          `,
        ),
      )
    },
  },
  {
    id: 'fs-largest-doc',
    env: 'filesystem',
    prompt: 'Which file in docs/ is the largest, and what is its title?',
    expected: { file: 'api.md', title: 'Orchard API' },
    *direct() {
      const listing = yield call('list_directory_with_sizes', { path: 'docs', sortBy: 'size' })
      const file = (files(listing)[0] ?? '').split(/\s+/)[0] ?? ''
      const head = yield call('read_text_file', { path: `docs/${file}`, head: 1 })
      return { file, title: head.replace(/^#\s*/, '').trim() }
    },
    *code() {
      return read(
        yield program(
          'Find the largest doc and read its title',
          `
          const listing = await tools.list_directory_with_sizes({ path: 'docs', sortBy: 'size' })
          const first = listing.content.split('\\n').find((line) => line.startsWith('[FILE] '))
          const file = first.slice(7).split(/\\s+/)[0]
          const head = await tools.read_text_file({ path: 'docs/' + file, head: 1 })
          return { file, title: head.content.replace(/^#\\s*/, '').trim() }
          `,
        ),
      )
    },
  },
  {
    id: 'fs-unused-deps',
    env: 'filesystem',
    prompt: 'Which runtime dependencies in package.json are not imported anywhere under src/?',
    expected: ['chalk'],
    *direct() {
      const manifest = readAs<{ dependencies: Record<string, string> }>(
        yield call('read_text_file', { path: 'package.json' }),
      )
      const found = yield call('search_files', { path: 'src', pattern: '**/*.ts' })
      const sources = yield call('read_multiple_files', { paths: lines(found) })
      const used = new Set(imported(sources).map((spec) => spec.split('/')[0]))
      return Object.keys(manifest.dependencies).filter((name) => !used.has(name))
    },
    *code() {
      return read(
        yield program(
          'Compare package.json dependencies with the imports in src/',
          `
          const manifest = JSON.parse((await tools.read_text_file({ path: 'package.json' })).content)
          const found = await tools.search_files({ path: 'src', pattern: '**/*.ts' })
          const paths = found.content.split('\\n').filter((line) => line !== '')
          const { content } = await tools.read_multiple_files({ paths })
          const used = new Set([...content.matchAll(/from '([^'.][^'/]*)/g)].map((m) => m[1]))
          return Object.keys(manifest.dependencies).filter((name) => !used.has(name))
          `,
        ),
      )
    },
  },
  {
    id: 'fs-readme-docs',
    env: 'filesystem',
    prompt: 'The README points at some docs files. What is the title of each?',
    expected: { 'docs/guide.md': 'Getting started', 'docs/api.md': 'Orchard API' },
    *direct() {
      const readme = yield call('read_text_file', { path: 'README.md' })
      const docs = [...new Set(readme.match(/docs\/[\w-]+\.md/g) ?? [])]
      const text = yield call('read_multiple_files', { paths: docs })
      return Object.fromEntries(docs.map((doc) => [doc, new RegExp(`${doc}:\\n# (.*)`).exec(text)?.[1] ?? '']))
    },
    *code() {
      return read(
        yield program(
          'Read the titles of the docs the README links',
          `
          const readme = (await tools.read_text_file({ path: 'README.md' })).content
          const docs = [...new Set(readme.match(/docs\\/[\\w-]+\\.md/g) ?? [])]
          const { content } = await tools.read_multiple_files({ paths: docs })
          return Object.fromEntries(docs.map((doc) => [doc, new RegExp(doc + ':\\\\n# (.*)').exec(content)?.[1] ?? '']))
          `,
        ),
      )
    },
  },
  {
    id: 'fs-engineers-per-team',
    env: 'filesystem',
    prompt: 'How many engineers are on each team, according to data/team.json?',
    expected: { harvest: 2, storage: 1 },
    *direct() {
      const team = readAs<{ role: string; team: string }[]>(yield call('read_text_file', { path: 'data/team.json' }))
      const counts: Record<string, number> = {}
      for (const person of team) if (person.role === 'engineer') counts[person.team] = (counts[person.team] ?? 0) + 1
      return counts
    },
    *code() {
      return read(
        yield program(
          'Count engineers per team',
          `
          const team = JSON.parse((await tools.read_text_file({ path: 'data/team.json' })).content)
          const counts = {}
          for (const person of team) if (person.role === 'engineer') counts[person.team] = (counts[person.team] ?? 0) + 1
          return counts
          `,
        ),
      )
    },
  },
  {
    id: 'fs-file-count',
    env: 'filesystem',
    prompt: 'How many files does the project have, not counting the notes/ folder?',
    expected: 14,
    *direct() {
      type Node = { type: string; children?: Node[] }
      const count = (nodes: Node[]): number =>
        sum(nodes.map((node) => (node.type === 'file' ? 1 : count(node.children ?? []))))
      return count(readAs<Node[]>(yield call('directory_tree', { path: '.', excludePatterns: ['notes'] })))
    },
    *code() {
      return read(
        yield program(
          'Count the files in the tree without notes/',
          `
          const tree = JSON.parse((await tools.directory_tree({ path: '.', excludePatterns: ['notes'] })).content)
          const count = (nodes) => nodes.reduce((n, node) => n + (node.type === 'file' ? 1 : count(node.children ?? [])), 0)
          return count(tree)
          `,
        ),
      )
    },
  },
  {
    id: 'fs-write-summary',
    env: 'filesystem',
    prompt:
      'Write data/summary.json with the revenue of each quarter (from the sales CSVs), then read it back to confirm what it holds.',
    expected: { 'sales-q1': 4140, 'sales-q2': 5110, 'sales-q3': 6780, 'sales-q4': 3180 },
    *direct() {
      const listing = yield call('list_directory', { path: 'data' })
      const csvs = files(listing).filter((name) => name.endsWith('.csv'))
      const text = yield call('read_multiple_files', { paths: csvs.map((name) => `data/${name}`) })
      const sections = text.split('\n---\n')
      const summary = Object.fromEntries(
        csvs.map((name, i) => [name.replace('.csv', ''), sum(revenue(sections[i] ?? ''))]),
      )
      yield call('write_file', { path: 'data/summary.json', content: JSON.stringify(summary, null, 2) })
      return read(yield call('read_text_file', { path: 'data/summary.json' }))
    },
    *code() {
      return read(
        yield program(
          'Write the revenue per quarter to data/summary.json and read it back',
          `
          const listing = await tools.list_directory({ path: 'data' })
          const csvs = listing.content.split('\\n').filter((line) => line.startsWith('[FILE] ') && line.endsWith('.csv')).map((line) => line.slice(7))
          const { content } = await tools.read_multiple_files({ paths: csvs.map((name) => 'data/' + name) })
          const sections = content.split('\\n---\\n')
          const summary = {}
          csvs.forEach((name, i) => {
            let total = 0
            for (const line of sections[i].split('\\n')) {
              const match = /^[a-z]+,[a-z]+,\\d+,(\\d+)$/.exec(line)
              if (match) total += Number(match[1])
            }
            summary[name.replace('.csv', '')] = total
          })
          await tools.write_file({ path: 'data/summary.json', content: JSON.stringify(summary, null, 2) })
          return JSON.parse((await tools.read_text_file({ path: 'data/summary.json' })).content)
          `,
        ),
      )
    },
  },
]
