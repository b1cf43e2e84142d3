/**
 * The prelude's lossless JSON encoder, as source text spliced into the prelude (see prelude.ts).
 * It uses the builtins the prelude captured before any program code ran (`stringify`, `keys`,
 * `getPrototypeOf`, `apply`, ...) and defines `toJson(value)`: `{ json }`, or `{ why }` naming the
 * path and the reason the value would not survive JSON unchanged (rule RT-9 in
 * docs/runtime-contract.md).
 */
export const JSON_ENCODER_SOURCE = String.raw`  // One pass that checks and writes, so the text is exactly the value that was checked (a
  // toJSON planted on a prototype by the program cannot change it). Linear in size and depth.
  const SetCtor = Set;
  const setHas = Set.prototype.has;
  const setAdd = Set.prototype.add;
  const setDelete = Set.prototype.delete;
  function Refusal(depth, why) { this.depth = depth; this.why = why; }
  // A fixed bound well under the isolate's stack, so a very deep value is refused at once with a
  // clear reason instead of by a stack overflow after a long walk.
  const MAX_DEPTH = 20000;
  function encode(value, trail, depth, seen) {
    switch (typeof value) {
      case 'string': return stringify(value);
      case 'boolean': return value ? 'true' : 'false';
      case 'number':
        if (!isFinite(value)) throw new Refusal(depth, StringCtor(value) + ' is not JSON');
        return stringify(value);
      case 'undefined': throw new Refusal(depth, 'undefined is not JSON');
      case 'bigint': throw new Refusal(depth, 'BigInt is not JSON');
      case 'object': if (value === null) return 'null'; break;
      default: throw new Refusal(depth, 'a ' + typeof value + ' is not JSON');
    }
    if (depth >= MAX_DEPTH) throw new Refusal(depth, 'nested deeper than ' + MAX_DEPTH + ' levels');
    if (apply(setHas, seen, [value])) throw new Refusal(depth, 'cycle');
    apply(setAdd, seen, [value]);
    const proto = getPrototypeOf(value);
    let out;
    if (isArray(value)) {
      if (proto !== ArrayPrototype) throw new Refusal(depth, 'array subclass is not JSON');
      const n = value.length;
      if (keys(value).length !== n) throw new Refusal(depth, 'array has holes or extra properties');
      out = '[';
      for (let i = 0; i < n; i++) {
        trail[depth] = i;
        out += (i ? ',' : '') + encode(value[i], trail, depth + 1, seen);
      }
      out += ']';
    } else {
      if (proto !== ObjectPrototype && proto !== null) throw new Refusal(depth, 'not a plain object');
      if (getOwnPropertySymbols(value).length > 0) throw new Refusal(depth, 'symbol keys are not JSON');
      const names = keys(value);
      out = '{';
      for (let i = 0; i < names.length; i++) {
        const k = names[i];
        trail[depth] = k;
        out += (i ? ',' : '') + stringify(k) + ':' + encode(value[k], trail, depth + 1, seen);
      }
      out += '}';
    }
    apply(setDelete, seen, [value]);
    return out;
  }
  function pathOf(trail, depth) {
    let path = '$';
    // why: a refusal deep in a value must not turn into a message over the output cap.
    const shown = depth > 32 ? 16 : depth;
    for (let i = 0; i < shown; i++) path += typeof trail[i] === 'number' ? '[' + trail[i] + ']' : '[' + stringify(trail[i]) + ']';
    return shown < depth ? path + '…(' + depth + ' levels deep)' : path;
  }
  function toJson(value) {
    // why: null-prototype, so index setters a program planted on Array.prototype never run here.
    const trail = setPrototypeOf([], null);
    try { return { json: encode(value, trail, 0, new SetCtor()) }; }
    catch (e) {
      if (e instanceof Refusal) return { why: pathOf(trail, e.depth) + ': ' + e.why };
      return { why: 'not serialisable (' + describe(e) + ')' };
    }
  }`
