// The checker's worker thread: holds one warm analyzer and answers one request at a time.
import { parentPort } from 'node:worker_threads'
import { ProgramAnalyzer } from './analyze.ts'
import { type CheckReply, type CheckRequest, READY } from './protocol.ts'

const port = parentPort
if (port === null) throw new Error('program-check: worker.ts runs only as a worker thread')
const analyzer = new ProgramAnalyzer()
// why: the host sends the SDK text only when it changed; a request without one means the last.
let sdkText = ''
port.postMessage(READY)
port.on('message', (request: CheckRequest) => {
  let reply: CheckReply
  try {
    sdkText = request.sdkText ?? sdkText
    const errors = analyzer.check(request.code, sdkText)
    const output = request.infer === true ? analyzer.output() : undefined
    reply = output === undefined ? { id: request.id, errors } : { id: request.id, errors, output }
  } catch (error) {
    reply = { id: request.id, failure: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(reply)
})
