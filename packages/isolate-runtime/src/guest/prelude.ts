/**
 * The guest prelude: compiled once per isolate and run into every fresh context while the
 * context is prepared, before any program exists. It is the attack surface, so it is small,
 * captures every builtin it needs before any program code runs, and leaves no isolated-vm object
 * reachable. Its completion value is the host's resolver; only the host holds a Reference to it.
 *
 * Wire (all plain strings, numbers and booleans, copied):
 * - guest → host through the ignored callback `send(op, ...)`:
 *   `'L', text, site?` a console line (`site` ` (at L:C)` once the output may be over its cap;
 *   sent through the synchronous callback `sendNow` instead once the host settles from its thread); `'C', id, ns, member, json?` a binding call
 *   (a journaled run's calls and `'J'` parts also through `sendNow` once the host settles from its thread);
 *   `'D', kind, text?` the program settled (`kind` is `ok`, `exception` or `invalid-output`).
 *   With a journal only (rule RT-49): `'J', json` what the program observed since the last one
 *   (`[clock, random, timers]`, sent once the turn's microtasks ran), and a binding call's `'C'`
 *   carries a sixth string `call:line:column` (rule RT-52).
 * - host → guest: the program's own script calls the one-shot global `START_GLOBAL(setupJson,
 *   length, program)` (deleted on that call; `length` is the program function's source length);
 *   the resolver takes a flat batch `[id, ok, payload?, id, ok, payload?, ...]` and settles those
 *   binding calls in order (a second argument `true` says the host settles from its own thread),
 *   or the string `'waiting'` (what the program waits on) or `'resumed'`
 *   (the call whose settlement the program last resumed from) and returns it as text.
 */
import { PROGRAM_FILE, PROGRAM_POSITION } from './program-file.ts'
import { CONSOLE_SOURCE } from './console-source.ts'
import { JSON_ENCODER_SOURCE } from './json-source.ts'

export const START_GLOBAL = '__isocodeStart'

/** The prelude's source; see the module comment for its wire. */
export const GUEST_PRELUDE = String.raw`(function () {
  'use strict';
  const g = globalThis;
  // The host put the callback here; take it and remove every trace before the program exists.
  const send = g.__isocodeHost;
  const sendNow = g.__isocodeHostNow;
  delete g.__isocodeHost;
  delete g.__isocodeHostNow;
  if (typeof send !== 'function' || typeof sendNow !== 'function') throw new TypeError('isocode prelude: the host callbacks are missing');
  // Console lines go through sendNow (synchronous) once the host settles calls from its own
  // thread: the program then runs on that thread, and a line reaches the host as it is written.
  let sendLine = send;
  // A journaled run's calls and journal parts go through sendNow too once the host settles from
  // its thread: they reach the host before the code returns there, so the end of its turn needs no
  // round trip to the isolate (rule RT-64).
  let sendCall = send;
  // WebAssembly memory and SharedArrayBuffer live outside the heap limit (rule RT-30 in docs/runtime-contract.md).
  delete g.WebAssembly;
  delete g.SharedArrayBuffer;
  delete g.Atomics;

  const { stringify, parse } = JSON;
  const { create, keys, getPrototypeOf, setPrototypeOf, getOwnPropertySymbols, defineProperty, freeze, is } = Object;
  const ObjectPrototype = Object.prototype;
  const ArrayPrototype = Array.prototype;
  const isArray = Array.isArray;
  const isFinite = Number.isFinite;
  const apply = Reflect.apply;
  const PromiseCtor = Promise;
  const then = Promise.prototype.then;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const RangeErrorCtor = RangeError;
  const StringCtor = String;
  const toISOString = Date.prototype.toISOString;
  const DateCtor = Date;
  const dateNow = Date.now;
  const dateToString = Date.prototype.toString;
  const construct = Reflect.construct;
  const MathObject = Math;
  const liveRandom = Math.random;
  const slice = String.prototype.slice;
  const join = Array.prototype.join;
  const exec = RegExp.prototype.exec;
  const fnToString = Function.prototype.toString;
  const POSITION = ${PROGRAM_POSITION};

  let outputCap = 65536;
  let seq = 0;
  const pending = create(null);

  // ---- lossless JSON: refuse what JSON.stringify would silently change (rule RT-9 in docs/runtime-contract.md) ----
${JSON_ENCODER_SOURCE}

  // ---- console: render like a terse util.inspect, bounded in depth, width and length ----
${CONSOLE_SOURCE}

  // ---- journal (rule RT-49): installed only when the run asked for one, else nothing here runs ----
  // What the program observes (clock, Math.random(), timers fired) is noted in this turn's lists
  // and sent once the turn's microtasks ran, so the host holds it by the program's next await.
  // A recorded journal is served first, in order, then live values.
  let journaling = false;
  let served;
  let clockAt = 0;
  let randomAt = 0;
  let turnAt = 0;
  let callSeq = 0;
  let noted;
  let flushQueued = false;
  // why: null prototypes, so nothing the program planted on Array.prototype or Object.prototype runs here.
  const fireTurn = create(null);
  const due = create(null);
  function emptyLists() { return setPrototypeOf([setPrototypeOf([], null), setPrototypeOf([], null), setPrototypeOf([], null)], null); }
  // why: await on a plain value uses the engine's own Promise, never the program's species or then.
  async function flushSoon() { await undefined; flushJournal(); }
  function note(list, value) {
    list[list.length] = value;
    if (flushQueued) return;
    flushQueued = true;
    flushSoon();
  }
  function flushJournal() {
    flushQueued = false;
    if (noted[0].length + noted[1].length + noted[2].length === 0) return;
    const lists = noted;
    noted = emptyLists();
    sendCall('J', stringify(lists));
  }
  function clockNow() {
    const value = clockAt < served.clock.length ? served.clock[clockAt++] : apply(dateNow, DateCtor, []);
    note(noted[0], value);
    return value;
  }
  function installJournal(recorded) {
    journaling = true;
    served = recorded;
    noted = emptyLists();
    for (let i = 0; i < recorded.timers.length; i++) if (fireTurn[recorded.timers[i]] === undefined) fireTurn[recorded.timers[i]] = i;
    // Date: a call, new Date() and Date.now() read the journaled clock; new Date(x) is untouched,
    // and instances, prototype and subclasses are the real Date's.
    const JournaledDate = function Date(year, month, day, hours, minutes, seconds, ms) {
      if (new.target === undefined) return apply(dateToString, new DateCtor(clockNow()), []);
      if (arguments.length === 0) return construct(DateCtor, [clockNow()], new.target);
      return construct(DateCtor, arguments, new.target);
    };
    defineProperty(JournaledDate, 'prototype', { value: DateCtor.prototype, writable: false });
    defineProperty(JournaledDate, 'now', { value: function now() { return clockNow(); }, writable: true, configurable: true });
    defineProperty(JournaledDate, 'parse', { value: DateCtor.parse, writable: true, configurable: true });
    defineProperty(JournaledDate, 'UTC', { value: DateCtor.UTC, writable: true, configurable: true });
    defineProperty(DateCtor.prototype, 'constructor', { value: JournaledDate, writable: true, configurable: true });
    defineProperty(g, 'Date', { value: JournaledDate, writable: true, configurable: true });
    defineProperty(MathObject, 'random', {
      value: function random() {
        const value = randomAt < served.random.length ? served.random[randomAt++] : liveRandom();
        note(noted[1], value);
        return value;
      },
      writable: true,
      configurable: true,
    });
  }
  // A binding call's number (in the order the program made them) and its line:col (rule RT-52).
  function callSite(site) {
    const n = ++callSeq;
    let where = null;
    // why: the program may have replaced Error.prepareStackTrace; the call still goes out, numbered.
    try { where = apply(exec, POSITION, [StringCtor(site.stack)]); } catch (e) { where = null; }
    return where ? n + ':' + where[1] + ':' + where[2] : '' + n;
  }
  // A timer of a journaled run is due: one that fired in the recorded run (rule RT-51) waits for
  // those recorded before it, so callbacks run in the recorded order; any other fires now.
  function timerDue(timer, callback, extra) {
    if (fireTurn[timer] === undefined) return timerFired(timer, callback, extra);
    due[timer] = function () { timerFired(timer, callback, extra); };
    while (turnAt < served.timers.length) {
      const next = served.timers[turnAt];
      const fire = due[next];
      if (fire === undefined) {
        // why: a recorded timer this run cleared (or never armed again) must not hold the ones after it.
        if (next <= timerSeq && liveTimers[next] !== true) { turnAt++; continue; }
        return;
      }
      delete due[next];
      turnAt++;
      fire();
    }
  }

  // ---- timers: setTimeout waits on the host (wall time, no CPU) beside the binding queue ----
  // A timer is a call on namespace -1 that the host answers after the delay. Callbacks never run
  // after the program settled (the host clears its timers then), nor after clearTimeout.
  const liveTimers = create(null);
  // why: every timer holds a host timer until it ends; a program cannot queue an unbounded number.
  const MAX_TIMERS = 10000;
  let timerCount = 0;
  let timerSeq = 0;
  let programOver = false;
  function timerFired(timer, callback, extra) {
    if (liveTimers[timer] !== true || programOver) return;
    delete liveTimers[timer];
    if (journaling) note(noted[2], timer);
    try { apply(callback, undefined, extra); }
    catch (e) { programOver = true; if (journaling) flushJournal(); send('D', 'exception', 'in a setTimeout callback: ' + describe(e)); }
  }
  defineProperty(g, 'setTimeout', {
    value: function setTimeout(callback, delay) {
      if (typeof callback !== 'function') throw new TypeErrorCtor('setTimeout(callback, ms): callback must be a function (code strings are not run)');
      // why: null prototype, so nothing the program planted on Array.prototype runs here.
      const extra = setPrototypeOf([], null);
      for (let i = 2; i < arguments.length; i++) extra[i - 2] = arguments[i];
      if (timerCount >= MAX_TIMERS) throw new RangeErrorCtor('setTimeout: ' + MAX_TIMERS + ' timers are already pending; await or clear some first');
      let ms = +delay;
      if (!(ms > 0)) ms = 0;
      const timer = ++timerSeq;
      // why: a timer that fired in the recorded run fires at once on replay (rule RT-51).
      if (journaling && fireTurn[timer] !== undefined) ms = 0;
      liveTimers[timer] = true;
      timerCount++;
      const id = ++seq;
      pending[id] = {
        label: 'setTimeout',
        site: new ErrorCtor(),
        resolve: function () { timerCount--; if (journaling) timerDue(timer, callback, extra); else timerFired(timer, callback, extra); },
        reject: function () { timerCount--; delete liveTimers[timer]; },
      };
      sendCall('C', id, -1, 'setTimeout', stringify(ms));
      return timer;
    },
    writable: true,
    configurable: true,
  });
  defineProperty(g, 'clearTimeout', {
    // The host wait goes on (and still counts toward MAX_TIMERS) until it ends; the callback never runs.
    value: function clearTimeout(timer) { if (typeof timer === 'number') delete liveTimers[timer]; },
    writable: true,
    configurable: true,
  });

  // ---- errors: the model's own line:col, never host details ----
  // ' (at line:col)' of the program frame in an error's stack, or '' when it names none.
  function siteOf(error) {
    const where = apply(exec, POSITION, [StringCtor(error.stack)]);
    return where ? ' (at ' + where[1] + ':' + where[2] + ')' : '';
  }
  function describe(e) {
    try {
      if (e instanceof ErrorCtor) return StringCtor(e.name) + ': ' + StringCtor(e.message) + siteOf(e);
      return 'Uncaught ' + show(e, 1, []);
    } catch (inner) {
      return 'Uncaught exception (unprintable)';
    }
  }

  // ---- bindings: one frozen null-prototype object of async stubs per namespace ----
  function errorClass(name, member) {
    const C = class extends ErrorCtor {
      constructor(message, called) {
        super(message);
        if (called !== undefined) defineProperty(this, member, { value: called, writable: true, enumerable: true, configurable: true });
      }
    };
    defineProperty(C, 'name', { value: name });
    defineProperty(C.prototype, 'name', { value: name, writable: true, configurable: true });
    return C;
  }
  // A member named with a leading $ (the registry's discovery members), or any member of a
  // namespace marked positional (RT-60), receives all its positional arguments as one array,
  // trailing undefined ones dropped.
  function positional(list) {
    let n = list.length;
    while (n > 0 && list[n - 1] === undefined) n--;
    // why: filled with a null prototype, so index setters planted on Array.prototype never run.
    const out = setPrototypeOf([], null);
    for (let i = 0; i < n; i++) out[i] = list[i];
    return setPrototypeOf(out, ArrayPrototype);
  }
  function stub(ns, member, Fail, label, allPositional) {
    const spread = allPositional === true || member[0] === '$';
    return function (args) {
      if (spread) args = positional(arguments);
      return new PromiseCtor(function (resolve, reject) {
        let json;
        if (args !== undefined) {
          const encoded = toJson(args);
          if (encoded.why !== undefined) {
            reject(new ErrorCtor(member + ': the argument is not lossless JSON (' + encoded.why + ')'));
            return;
          }
          json = encoded.json;
        }
        const id = ++seq;
        // The call site, captured while the program's frame is on the stack; read only on failure
        // (and at once for a journaled run, whose calls carry their line:col).
        const site = new ErrorCtor();
        pending[id] = { resolve: resolve, reject: reject, Fail: Fail, member: member, label: label, site: site };
        if (journaling) {
          // why: what the program observed before the call reaches the host before the call
          // does, so a host that ends the run from inside the binding still gets it.
          flushJournal();
          sendCall('C', id, ns, member, json, callSite(site));
        } else send('C', id, ns, member, json);
      });
    };
  }
  // A rejected call's error carries the host error's code when the host sent one (RT-63).
  function withCode(error, code) {
    if (typeof code === 'string') defineProperty(error, 'code', { value: code, writable: true, enumerable: true, configurable: true });
    return error;
  }
  // A rejected call's error points at the program line that made the call, not at the prelude.
  function atSite(error, site) {
    try {
      const where = site === undefined ? null : apply(exec, POSITION, [StringCtor(site.stack)]);
      if (where) defineProperty(error, 'stack', { value: StringCtor(error.name) + ': ' + StringCtor(error.message) + '\n    at ' + ${JSON.stringify(PROGRAM_FILE)} + ':' + where[1] + ':' + where[2], writable: true, configurable: true });
    } catch (e) { /* the error keeps its own stack */ }
    return error;
  }
  function hostThread() {
    sendLine = sendNow;
    if (journaling) sendCall = sendNow;
  }
  function install(setup) {
    outputCap = setup.outputCap;
    if (setup.journal !== undefined) installJournal(setup.journal);
    if (setup.onHostThread === true) hostThread();
    const namespaces = setup.namespaces;
    for (let i = 0; i < namespaces.length; i++) {
      const spec = namespaces[i];
      const Fail = spec.errorClass ? errorClass(spec.errorClass.name, spec.errorClass.member) : undefined;
      const object = create(null);
      for (const member of spec.members) {
        defineProperty(object, member, { value: stub(i, member, Fail, spec.global + '.' + member, spec.positional), enumerable: true });
      }
      defineProperty(g, spec.global, { value: freeze(object), enumerable: false });
      if (Fail) defineProperty(g, spec.errorClass.name, { value: Fail, writable: true, configurable: true });
    }
  }

  function settled(value) {
    programOver = true;
    if (journaling) flushJournal();
    if (value === undefined) { send('D', 'ok'); return; }
    const encoded = toJson(value);
    if (encoded.why !== undefined) send('D', 'invalid-output', 'the completion value is not lossless JSON: ' + encoded.why);
    else send('D', 'ok', encoded.json);
  }
  function failed(error) { programOver = true; if (journaling) flushJournal(); send('D', 'exception', describe(error)); }

  // The program's script calls this first and it removes itself, so a program finds neither it
  // nor a second chance to start. The program function's source must span exactly the length the
  // host wrapped: a shorter one means the text closed the wrapper early (a breakout), and the
  // run fails before any of it is installed.
  let started = false;
  defineProperty(g, '${START_GLOBAL}', {
    value: function start(setupJson, length, program) {
      delete g['${START_GLOBAL}'];
      if (started) return;
      started = true;
      if (typeof program !== 'function' || apply(fnToString, program, []).length !== length) {
        send('D', 'exception', 'SyntaxError: the program closes the function it runs in (an unmatched \x60}\x60); remove it');
        return;
      }
      install(parse(setupJson));
      apply(then, program(), [settled, failed]);
    },
    configurable: true,
  });

  // What the program waits on, for a wall-clock kill while it is idle: the oldest pending binding
  // call (else the oldest timer) as 'label (at line:col)', or '' when nothing is pending.
  function waitingOn() {
    let timer = '';
    for (const id in pending) {
      const call = pending[id];
      const text = call.label + siteOf(call.site);
      if (call.label !== 'setTimeout') return text;
      if (timer === '') timer = text;
    }
    return timer;
  }

  // The call whose settlement resumed the program last, for a budget kill in the code after it:
  // 'label settled (at line:col)', or '' when no call settled yet.
  let lastSettled;
  function resumedAfter() {
    return lastSettled === undefined ? '' : lastSettled.label + ' settled' + siteOf(lastSettled.site);
  }

  // The host's only handle: a batch array settles binding calls; the string 'waiting' asks
  // waitingOn, 'resumed' asks resumedAfter.
  return function resolve(batch, onHostThread) {
    if (batch === 'waiting') return waitingOn();
    if (batch === 'resumed') return resumedAfter();
    if (onHostThread === true) hostThread();
    // why: the host never sends holes (absent payload is null), so no read falls through to a
    // prototype the program may have patched.
    for (let i = 0; i < batch.length; i += 3) {
      const id = batch[i], ok = batch[i + 1], payload = batch[i + 2];
      const call = pending[id];
      if (call === undefined) continue;
      delete pending[id];
      lastSettled = call;
      if (ok === true) call.resolve(payload === null ? undefined : parse(payload));
      else call.reject(atSite(withCode(call.Fail ? new call.Fail(payload, call.member) : new ErrorCtor(payload), ok), call.site));
    }
  };
})()`
