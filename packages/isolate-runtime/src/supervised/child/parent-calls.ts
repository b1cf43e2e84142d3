import type { CodeCallSite, JsonValue } from '@isocode/code-runtime'
import { PeerPoll } from '../../engine/peer-poll.ts'
import { TurnBatch } from '../../engine/turn-batch.ts'
import type { Call, Reply, ToParent } from '../wire/child-protocol.ts'

interface PendingCall {
  run: number
  resolve: (value: JsonValue | undefined) => void
  reject: (error: Error) => void
}

/**
 * The binding calls a supervised child forwards to its parent, which holds the real functions:
 * the calls of one host turn cross as one `calls` frame, and the parent's `replies` settle them.
 */
export class ParentCalls {
  private readonly pending = new Map<number, PendingCall>()
  private nextCall = 1
  // why: one message per host turn: calls the guest made together (Promise.all) cross together.
  private readonly outgoing = new TurnBatch<Call>(() => this.flush(this.outgoing.take()))
  // why: a binding call's answer usually lands within tens of µs; waking from an OS sleep costs more.
  private readonly poll: PeerPoll
  // why: served calls cross lazily, batched up to the next forwarded call or the result (RT-71).
  private servedCalls: number[] = []
  private servedRun = 0
  // why: the run whose turn ended while its calls waited for this turn's frame (RT-64).
  private idleRun: number | undefined

  constructor(
    private readonly send: (message: ToParent) => 'sent' | 'closed' | 'oversize',
    private readonly sendLimit: number,
    pollMs: number,
  ) {
    this.poll = new PeerPoll(pollMs)
  }

  /** Forward a call of `member` to the parent; settles with the parent's reply. */
  call(
    run: number,
    ns: number,
    member: string,
    args: unknown,
    site: CodeCallSite | undefined,
  ): Promise<JsonValue | undefined> {
    return new Promise((resolve, reject) => {
      const call = this.nextCall++
      this.pending.set(call, { run, resolve, reject })
      const entry: Call =
        args === undefined ? { call, run, ns, member } : { call, run, ns, member, args: args as JsonValue }
      // why: a journaled run's calls carry where the program made them (rule RT-52).
      if (site !== undefined) entry.site = site
      this.outgoing.push(entry)
    })
  }

  /**
   * Note a call of `run` answered from its replay (rule RT-71); the parent learns of it before
   * the next forwarded call ({@link flushServed} runs first) and before the run's result.
   */
  served(run: number, call: number): void {
    if (this.servedRun !== run) this.flushServed()
    this.servedRun = run
    this.servedCalls.push(call)
  }

  /**
   * The program of `run` ended a turn (rule RT-64): the parent hears it after the calls that turn
   * made, in their own frame when they have not crossed yet (one frame a call, not two).
   */
  idle(run: number): void {
    if (this.outgoing.scheduled) {
      this.idleRun = run
      return
    }
    // why: after this turn's calls, which an earlier-queued immediate may still send.
    setImmediate(() => this.send({ t: 'idle', run }))
  }

  /** Send the served calls noted so far, if any. */
  flushServed(): void {
    if (this.servedCalls.length === 0) return
    const calls = this.servedCalls
    this.servedCalls = []
    this.send({ t: 'served', run: this.servedRun, calls })
  }

  /** Settle the calls the parent replied to. */
  settle(replies: Reply[]): void {
    this.poll.answered()
    for (const reply of replies) {
      const entry = this.pending.get(reply.call)
      if (entry === undefined) continue
      this.pending.delete(reply.call)
      if (reply.ok) entry.resolve(reply.value)
      // why: RT-63 — the host error's code goes on to the guest through the child's own binding.
      else
        entry.reject(
          reply.code === undefined
            ? new Error(reply.message)
            : Object.assign(new Error(reply.message), { code: reply.code }),
        )
    }
    // why: calls still unanswered (a Promise.all the parent serves one at a time) are awaited on.
    if (this.pending.size > 0) this.poll.sent()
  }

  /** Forget the calls of a settled run: they are never answered usefully. */
  forget(run: number): void {
    this.poll.stop()
    for (const [call, entry] of this.pending) if (entry.run === run) this.pending.delete(call)
  }

  private flush(calls: Call[]): void {
    this.flushServed()
    const idle = this.idleRun
    this.idleRun = undefined
    const sent = this.send(idle === undefined ? { t: 'calls', calls } : { t: 'calls', calls, idle })
    if (sent === 'sent') this.poll.sent()
    if (sent === 'oversize') this.flushOneByOne(calls)
    // why: after the calls, as if the frame had carried it.
    if (sent === 'oversize' && idle !== undefined) this.send({ t: 'idle', run: idle })
  }

  private flushOneByOne(calls: Call[]): void {
    // why: rare: a batch over the parent's frame limit goes call by call, and a call that alone is
    // over it fails here, in the guest, instead of reaching a parent that would kill this process.
    for (const call of calls) {
      if (this.send({ t: 'calls', calls: [call] }) !== 'oversize') continue
      const entry = this.pending.get(call.call)
      this.pending.delete(call.call)
      entry?.reject(
        new Error(`the arguments of ${call.member} are over the ${this.sendLimit}-byte limit of the runtime channel`),
      )
    }
  }
}
