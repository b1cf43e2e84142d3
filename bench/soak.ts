// `pnpm soak`: the long-running workloads, read by hand (not CI tests).
// - `pnpm soak [runs] [--supervised]`: mixed runs against one runtime (soak-mixed.ts).
// - `pnpm soak --serve [runs]`: `isocode serve --http` driven over MCP with 1 MB results (soak-serve.ts).
import { argv } from 'node:process'

await (argv.includes('--serve') ? import('./soak-serve.ts') : import('./soak-mixed.ts'))
