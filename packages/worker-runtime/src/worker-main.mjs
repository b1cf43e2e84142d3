// The body of one baseline run, loaded by a fresh worker_threads Worker (plain JS: no TS loader).
// It installs the bindings, console and error classes as globals, runs the stripped program and
// reports logs, binding calls and the outcome over postMessage. Upstream-style: containment only.
import { parentPort, workerData } from 'node:worker_threads'
import { runInThisContext } from 'node:vm'
import { inspect } from 'node:util'

const { code, namespaces, prefixLength, journal } = workerData
const port = parentPort
const FILE = 'program.ts'
// why: the last line holds only the wrapper's `})()` call, never the model's code.
const wrapperFrame = `${FILE}:${code.split('\n').length}:`
let settled = false
let returned = false
const strayAfterReturn = []

// why: iterative, so deep values cannot overflow the stack; returns a refusal reason or null.
function losslessReason(root) {
  // why: index writes instead of push, so a program that replaced Array.prototype.push cannot interfere.
  const stack = [{ value: root, path: '$', exit: false }]
  const ancestors = new Set()
  while (stack.length > 0) {
    const { value, path, exit } = stack.pop()
    if (exit) {
      ancestors.delete(value)
      continue
    }
    switch (typeof value) {
      case 'string':
      case 'boolean':
        continue
      case 'number':
        if (Number.isFinite(value)) continue
        return `${path}: ${value} is not JSON`
      case 'object':
        break
      default:
        return `${path}: ${typeof value === 'bigint' ? 'BigInt' : typeof value} is not JSON`
    }
    if (value === null) continue
    if (ancestors.has(value)) return `${path}: cycle`
    ancestors.add(value)
    stack[stack.length] = { value, path, exit: true }
    if (Array.isArray(value)) {
      if (Object.keys(value).length !== value.length) return `${path}: array has holes or extra properties`
      for (let i = value.length - 1; i >= 0; i--)
        stack[stack.length] = { value: value[i], path: `${path}[${i}]`, exit: false }
      continue
    }
    const proto = Object.getPrototypeOf(value)
    if (proto !== null && proto !== Object.prototype)
      return `${path}: ${Object.prototype.toString.call(value).slice(8, -1)} is not a plain object`
    if (Object.getOwnPropertySymbols(value).length > 0) return `${path}: symbol key is not JSON`
    for (const key of Object.keys(value))
      stack[stack.length] = { value: value[key], path: `${path}.${key}`, exit: false }
  }
  return null
}

function snapshot(value) {
  try {
    const reason = losslessReason(value)
    return reason === null ? { json: JSON.stringify(value) } : { reason }
  } catch (error) {
    return { reason: `reading it threw: ${render(error)}` }
  }
}

function render(value) {
  if (typeof value === 'string') return value
  try {
    return inspect(value, { depth: 4, maxArrayLength: 100, maxStringLength: 10_000, breakLength: Infinity })
  } catch {
    return '[unrenderable]'
  }
}

// why: report positions in the model's program: drop worker frames, undo the line-1 prefix.
function describeError(error) {
  let text
  try {
    text = error instanceof Error ? String(error.stack ?? `${error.name}: ${error.message}`) : render(error)
  } catch {
    return 'a thrown value that cannot be rendered'
  }
  const lines = text
    .split('\n')
    .filter((l, i) => i === 0 || !/^\s+at /.test(l) || (l.includes(FILE) && !l.includes(wrapperFrame)))
  return lines
    .join('\n')
    .replace(/program\.ts:1:(\d+)/g, (_, c) => `${FILE}:1:${Math.max(1, Number(c) - prefixLength)}`)
}

function log(...args) {
  port.postMessage({ t: 'log', text: args.map(render).join(' ') })
}

function done(message) {
  if (settled) return
  settled = true
  if (journaling) flushJournal()
  port.postMessage({ t: 'done', ...message })
}

// ---- journal (rule RT-49): only when the run asked for one ----
// The clocks (Date, performance.now) share one list, Math.random and crypto's bytes (each byte
// as byte / 256) another, timers fired a third; a recorded journal is served first, in order.
const journaling = journal !== undefined
let noted = { clock: [], random: [], timers: [] }
let flushQueued = false
let clockAt = 0
let randomAt = 0
let callSeq = 0

function flushJournal() {
  flushQueued = false
  if (noted.clock.length + noted.random.length + noted.timers.length === 0) return
  port.postMessage({ t: 'journal', chunk: noted })
  noted = { clock: [], random: [], timers: [] }
}

function note(list, value) {
  list.push(value)
  if (flushQueued) return
  flushQueued = true
  queueMicrotask(flushJournal)
}

function installJournal() {
  const RealDate = Date
  const realNow = Date.now
  const realPerformanceNow = performance.now.bind(performance)
  const realRandom = Math.random
  const realGetRandomValues = crypto.getRandomValues.bind(crypto)
  const clock = (live) => {
    const value = clockAt < journal.clock.length ? journal.clock[clockAt++] : live()
    note(noted.clock, value)
    return value
  }
  const random = () => {
    const value = randomAt < journal.random.length ? journal.random[randomAt++] : realRandom()
    note(noted.random, value)
    return value
  }
  const JournaledDate = function Date(...args) {
    if (new.target === undefined) return new RealDate(clock(realNow)).toString()
    if (args.length === 0) return Reflect.construct(RealDate, [clock(realNow)], new.target)
    return Reflect.construct(RealDate, args, new.target)
  }
  Object.defineProperty(JournaledDate, 'prototype', { value: RealDate.prototype, writable: false })
  Object.defineProperty(JournaledDate, 'length', { value: 7 })
  JournaledDate.now = () => clock(realNow)
  JournaledDate.parse = RealDate.parse
  JournaledDate.UTC = RealDate.UTC
  Object.defineProperty(RealDate.prototype, 'constructor', { value: JournaledDate, writable: true, configurable: true })
  globalThis.Date = JournaledDate
  Math.random = random
  performance.now = () => clock(realPerformanceNow)
  crypto.getRandomValues = (array) => {
    realGetRandomValues(array)
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
    for (let i = 0; i < bytes.length; i++) {
      const value = randomAt < journal.random.length ? journal.random[randomAt++] : bytes[i] / 256
      bytes[i] = Math.floor(value * 256)
      note(noted.random, bytes[i] / 256)
    }
    return array
  }
  crypto.randomUUID = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    bytes[6] = (bytes[6] & 0x0f) | 0x40
    bytes[8] = (bytes[8] & 0x3f) | 0x80
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
  // Timers are numbered in the order armed; one that fired in the recorded run fires at once
  // (rule RT-51), after those recorded before it.
  const realSetTimeout = globalThis.setTimeout
  const realClearTimeout = globalThis.clearTimeout
  const fireTurn = new Map()
  journal.timers.forEach((timer, turn) => fireTurn.has(timer) || fireTurn.set(timer, turn))
  const live = new Map()
  const numbers = new WeakMap()
  const due = new Map()
  let timerSeq = 0
  let turnAt = 0
  const fire = (timer, callback, args) => {
    if (!live.has(timer)) return
    live.delete(timer)
    note(noted.timers, timer)
    callback(...args)
  }
  const drain = () => {
    while (turnAt < journal.timers.length) {
      const next = journal.timers[turnAt]
      const ready = due.get(next)
      if (ready === undefined) {
        if (next <= timerSeq && !live.has(next)) {
          turnAt++
          continue
        }
        return
      }
      due.delete(next)
      turnAt++
      ready()
    }
  }
  globalThis.setTimeout = function setTimeout(callback, delay, ...args) {
    const timer = ++timerSeq
    const replayed = fireTurn.has(timer)
    const handle = realSetTimeout(
      () => {
        if (!replayed) return fire(timer, callback, args)
        due.set(timer, () => fire(timer, callback, args))
        drain()
      },
      replayed ? 0 : delay,
    )
    live.set(timer, handle)
    numbers.set(handle, timer)
    return handle
  }
  globalThis.clearTimeout = function clearTimeout(handle) {
    const timer = numbers.get(handle)
    if (timer !== undefined) live.delete(timer)
    realClearTimeout(handle)
  }
}

// A binding call's number and its line:col in the model's program (rule RT-52).
function callSite(error) {
  const n = ++callSeq
  const frame = String(error.stack)
    .split('\n')
    .find((line) => line.includes(FILE) && !line.includes(wrapperFrame))
  const where = frame === undefined ? null : /program\.ts:(\d+):(\d+)/.exec(frame)
  if (where === null) return { call: n }
  const line = Number(where[1])
  const column = line === 1 ? Math.max(1, Number(where[2]) - prefixLength) : Number(where[2])
  return { call: n, line, column }
}

const pending = new Map()
let nextId = 0
port.on('message', (message) => {
  const call = pending.get(message.id)
  if (call === undefined) return
  pending.delete(message.id)
  if (!message.ok) call.reject(withCode(call.makeError(message.message), message.code))
  else call.resolve(message.json === undefined ? undefined : JSON.parse(message.json))
})

// A rejected call's error carries the host error's code when the host sent one (RT-63).
function withCode(error, hostCode) {
  if (typeof hostCode === 'string')
    Object.defineProperty(error, 'code', { value: hostCode, writable: true, enumerable: true, configurable: true })
  return error
}

function makeErrorClass({ name, memberNameProperty }) {
  const ErrorClass = { [name]: class extends Error {} }[name]
  Object.defineProperty(ErrorClass.prototype, 'name', { value: name, writable: true, configurable: true })
  return (message, member) => {
    const error = new ErrorClass(message)
    Object.defineProperty(error, memberNameProperty, {
      value: member,
      writable: true,
      enumerable: true,
      configurable: true,
    })
    return error
  }
}

namespaces.forEach((ns, index) => {
  const makeError = ns.errorClass === undefined ? (message) => new Error(message) : makeErrorClass(ns.errorClass)
  if (ns.errorClass !== undefined) globalThis[ns.errorClass.name] = makeError('', '').constructor
  const object = Object.create(null)
  for (const name of ns.members) {
    object[name] = async (args) => {
      // why: captured before the first await, while the program's frame is on the stack.
      const site = journaling ? new Error() : undefined
      const wire = snapshot(args)
      if (wire.reason !== undefined)
        throw makeError(`${ns.global}.${name}: argument is not lossless JSON: ${wire.reason}`, name)
      const id = ++nextId
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, makeError: (m) => makeError(m, name) })
        if (site === undefined) return port.postMessage({ t: 'call', id, ns: index, name, args: wire.json })
        // why: what the program observed before the call reaches the host first (see the prelude).
        flushJournal()
        port.postMessage({ t: 'call', id, ns: index, name, args: wire.json, site: callSite(site) })
      })
    }
  }
  globalThis[ns.global] = object
})

globalThis.console = { log, info: log, warn: log, error: log, debug: log }

process.on('unhandledRejection', (reason) => {
  if (returned) strayAfterReturn[strayAfterReturn.length] = `Unhandled rejection after return: ${describeError(reason)}`
  else done({ error: { kind: 'exception', message: `Unhandled rejection: ${describeError(reason)}` } })
})

if (journaling) installJournal()

let completion
port.postMessage({ t: 'start' })
try {
  completion = runInThisContext(code, { filename: FILE })
} catch (error) {
  // why: V8 reports a SyntaxError's position only in the stack's first line and a caret line.
  const [where = '', , caret = ''] = String(error?.stack ?? '').split('\n')
  const line = Number(/:(\d+)$/.exec(where)?.[1] ?? 0)
  const column = caret.indexOf('^') + 1
  const col = line === 1 ? Math.max(1, column - prefixLength) : column
  done({
    error: { kind: 'exception', message: `${error?.name ?? 'SyntaxError'}: ${error?.message} (at ${line}:${col})` },
  })
}

if (completion !== undefined) {
  completion.then(
    async (value) => {
      returned = true
      // why: rejections left unhandled by the program surface after one macrotask.
      await new Promise((resolve) => setImmediate(resolve))
      for (const text of strayAfterReturn) port.postMessage({ t: 'log', text })
      if (value === undefined) return done({})
      const wire = snapshot(value)
      if (wire.reason !== undefined) {
        return done({
          error: { kind: 'invalid-output', message: `program completion must be lossless JSON: ${wire.reason}` },
        })
      }
      return done({ value: wire.json })
    },
    (error) => done({ error: { kind: 'exception', message: describeError(error) } }),
  )
}
