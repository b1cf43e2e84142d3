/**
 * The prelude's console, as source text spliced into the prelude (see prelude.ts): values are
 * rendered like a terse util.inspect, bounded in depth, width and length, and every level sends one
 * `'L'` line to the host. It uses the builtins the prelude captured and its `outputCap`.
 */
export const CONSOLE_SOURCE = String.raw`  function quote(s) { return stringify(s.length > 1000 ? apply(slice, s, [0, 1000]) + '…' : s); }
  function show(v, depth, seen) {
    switch (typeof v) {
      case 'string': return depth === 0 ? v : quote(v);
      case 'number': return is(v, -0) ? '-0' : StringCtor(v);
      case 'bigint': return StringCtor(v) + 'n';
      case 'boolean': case 'undefined': case 'symbol': return StringCtor(v);
      case 'function': return '[Function: ' + (StringCtor(v.name) || 'anonymous') + ']';
    }
    if (v === null) return 'null';
    if (v instanceof ErrorCtor) return StringCtor(v.stack || v);
    if (v instanceof DateCtor) return apply(toISOString, v, []);
    for (let i = 0; i < seen.length; i++) if (seen[i] === v) return '[Circular]';
    if (depth > 3) return isArray(v) ? '[Array]' : '[Object]';
    const parts = [];
    const inner = seen.concat([v]);
    if (isArray(v)) {
      const n = v.length < 100 ? v.length : 100;
      for (let i = 0; i < n; i++) parts[i] = show(v[i], depth + 1, inner);
      if (v.length > n) parts[n] = '... ' + (v.length - n) + ' more items';
      return '[ ' + apply(join, parts, [', ']) + ' ]';
    }
    const names = keys(v);
    const n = names.length < 50 ? names.length : 50;
    for (let i = 0; i < n; i++) {
      const k = names[i];
      const label = apply(exec, /^[A-Za-z_$][\w$]*$/, [k]) ? k : quote(k);
      parts[i] = label + ': ' + show(v[k], depth + 1, inner);
    }
    if (names.length > n) parts[n] = '... ' + (names.length - n) + ' more';
    return parts.length ? '{ ' + apply(join, parts, [', ']) + ' }' : '{}';
  }
  function line(args) {
    let text = '';
    for (let i = 0; i < args.length; i++) {
      let part;
      try { part = show(args[i], 0, []); } catch (e) { part = '[unprintable]'; }
      text += (i ? ' ' : '') + part;
      if (text.length > outputCap) break;
    }
    // Longer than the cap cannot fit anyway; the host still sees it is over.
    return text.length > outputCap ? apply(slice, text, [0, outputCap + 1]) : text;
  }
  // The host counts the UTF-8 bytes of each line's JSON plus a comma. At most 6 bytes a UTF-16 unit
  // (a \\uXXXX escape) plus 3 bound that from above, at least 1 plus 3 (2 for the first) from
  // below. A line that may cross the cap carries its call site, so an output kill names the
  // printing line; once the cap is surely crossed, console throws instead of flooding the host.
  let outputHigh = 2;
  let outputLow = 2;
  const logger = function () {
    if (outputLow > outputCap) throw new RangeErrorCtor('console: the output is over its ' + outputCap + '-byte cap; print less');
    const text = line(arguments);
    outputHigh += 6 * text.length + 3;
    outputLow += text.length + (outputLow > 2 ? 3 : 2);
    if (outputHigh > outputCap) sendLine('L', text, siteOf(new ErrorCtor()));
    else sendLine('L', text);
  };
  const consoleObject = create(null);
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) consoleObject[level] = logger;
  defineProperty(g, 'console', { value: freeze(consoleObject), writable: true, configurable: true });`
