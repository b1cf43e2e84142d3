// The stop request of a server started without the launcher (rule R-103): the process that started
// it is the one named, even when that process was already gone by the time the server began to
// listen for a stop.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const built = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'stop-request.js')).href

// why: the server's part: it loads the module (as the CLI does at start), waits until its parent
// is gone, and only then asks for the next stop request, which must still see that parent go.
const SERVER = `
const { nextStopRequest } = await import(${JSON.stringify(built)})
const started = process.ppid
process.stdout.write('parent ' + started + '\\n')
process.stderr.write('loaded\\n')
await new Promise((resolve) => {
  const poll = setInterval(() => { if (process.ppid !== started) { clearInterval(poll); resolve() } }, 20)
})
// why: a server's listening socket keeps it alive; the stop request's own poll does not.
const alive = setInterval(() => undefined, 1_000)
process.stdout.write((await nextStopRequest()) + '\\n')
clearInterval(alive)
`

// why: the starter starts the server with the test's stdout and exits once the server has loaded
// the module, as a killed \`pnpm\` would leave it; it never signals its child.
const STARTER = `
const { spawn } = require('node:child_process')
const server = spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(SERVER)}], { stdio: ['ignore', 'inherit', 'pipe'] })
server.stderr.once('data', () => process.exit(0))
`

it('names the process that started it, though that process was gone before the stop request began', async () => {
  const starter = spawn(process.execPath, ['-e', STARTER], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  starter.stderr.on('data', (chunk: Buffer) => void (err += chunk.toString('utf8')))
  // why: the pipe closes once the server, which holds it too, has printed its answer and exited.
  const closed = new Promise<void>((resolve) => {
    starter.stdout.on('data', (chunk: Buffer) => void (out += chunk.toString('utf8')))
    starter.stdout.once('close', resolve)
  })
  // why: a bound far above what one poll of the parent takes, at any speed.
  const outcome = await Promise.race([
    closed.then(() => 'answered'),
    new Promise((resolve) => setTimeout(resolve, 20_000, 'no answer')),
  ])
  expect(err).toBe('')
  expect(outcome).toBe('answered')
  expect(out).toBe(`parent ${starter.pid}\nthe process that started isocode (pid ${starter.pid}) exited\n`)
})
