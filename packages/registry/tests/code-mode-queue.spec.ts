import { describe, expect, it } from 'vitest'
import { DispatchQueue, SettledError } from '../src/code-mode/queue.ts'

const refusal = () => 'refused'

describe('DispatchQueue', () => {
  it('starts tasks one at a time in submission order', async () => {
    const queue = new DispatchQueue()
    const log: string[] = []
    const task = (name: string, ms: number) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`)
        setTimeout(() => (log.push(`end ${name}`), resolve(name)), ms)
      })
    const results = await Promise.all([
      queue.enqueue(task('a', 5), refusal),
      queue.enqueue(task('b', 1), refusal),
      queue.enqueue(task('c', 0), refusal),
    ])
    expect(results).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('a failing task does not stop the ones behind it', async () => {
    const queue = new DispatchQueue()
    const first = queue.enqueue(() => Promise.reject(new Error('x')), refusal)
    const second = queue.enqueue(async () => 2, refusal)
    await expect(first).rejects.toThrow('x')
    await expect(second).resolves.toBe(2)
  })

  it('settle waits for the in-flight task and refuses queued and later tasks without running them', async () => {
    const queue = new DispatchQueue()
    let release: (() => void) | undefined
    let ran = 0
    const inFlight = queue.enqueue(() => new Promise<void>((resolve) => (release = resolve)), refusal)
    const queued = queue.enqueue(async () => void ran++, refusal)
    // why: settle() refuses waiting tasks at once; the handler is attached before anything waits.
    const queuedOutcome = queued.then(
      () => 'resolved',
      (error: unknown) => error,
    )
    await Promise.resolve()
    let settled = false
    const settling = queue.settle().then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(settled).toBe(false)
    release?.()
    await settling
    await inFlight
    expect(await queuedOutcome).toBeInstanceOf(SettledError)
    await expect(queue.enqueue(async () => void ran++, refusal)).rejects.toThrow('refused')
    expect(ran).toBe(0)
    expect(queue.closed).toBe(true)
  })
})

describe('DispatchQueue with concurrency-safe tasks', () => {
  it('overlaps tasks enqueued with a limit up to that limit, started in submission order', async () => {
    const queue = new DispatchQueue()
    const seen = { started: [] as number[], inFlight: 0, max: 0 }
    const task = (i: number) => async () => {
      seen.started.push(i)
      seen.inFlight++
      seen.max = Math.max(seen.max, seen.inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen.inFlight--
      return i
    }
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => queue.enqueue(task(i), refusal, 2)))
    expect(results).toEqual([1, 2, 3, 4, 5])
    expect(seen.max).toBe(2)
    expect(seen.started).toEqual([1, 2, 3, 4, 5])
  })

  it('runs a task without a limit alone: it waits for the running ones and holds back the rest', async () => {
    const queue = new DispatchQueue()
    const log: string[] = []
    const task = (name: string) => async () => {
      log.push(`start ${name}`)
      await new Promise((resolve) => setTimeout(resolve, 3))
      log.push(`end ${name}`)
    }
    await Promise.all([
      queue.enqueue(task('a'), refusal, 4),
      queue.enqueue(task('b'), refusal, 4),
      queue.enqueue(task('x'), refusal),
      queue.enqueue(task('c'), refusal, 4),
    ])
    expect(log.indexOf('start x')).toBeGreaterThan(Math.max(log.indexOf('end a'), log.indexOf('end b')))
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end x'))
    expect(log.slice(0, 2)).toEqual(['start a', 'start b'])
  })
})
