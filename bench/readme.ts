// `pnpm readme`: rewrite what is rendered from the committed prompt-cost report (the README block,
// bench/results/prompt-cost.md and .svg) without measuring again; the README's tables are never
// edited by hand (bench/tests/readme.spec.ts fails when they drift).
import { readReport, writeRendered } from './lib/prompt-cost/results.ts'

await writeRendered(await readReport())
console.log('README.md, bench/results/prompt-cost.md and .svg rewritten from bench/results/prompt-cost.json')
