// guard.js — hostile input at the page's entry points (issue #13), linked with --pre-js after bridge.js, so it
// shares the Emscripten module's scope. bridge.js calls Module.isGuard:
//
//   scenarioJson(value) → { json } | { error }   setScenario's argument as JSON text, or the refusal naming the
//                                                field ("error: scenario.count: must be a finite number, got NaN")
//   guardedCall(fn) → { value } | { thrown }     runs a call into wasm; if it throws (a JS RangeError from a too
//                                                deep recursion, a wasm trap), the wasm stack pointer is put back
//                                                so the next call starts clean, and the exception is returned
//   describeThrown(err) → text                   a thrown value as one short line for a message
//
// JSON.stringify alone lets through what must not reach the core: NaN and ±Infinity become null ("the planner
// chooses" for `count`), functions and symbols vanish, a BigInt, a cycle or a throwing getter raise a plain
// TypeError, a Map becomes {}. Here the value is walked once, with a depth and a size cap, and written as JSON
// text directly; anything else is refused with the core's error-line shape, naming the field.
(function () {
  'use strict';

  const MAX_DEPTH = 32;               // a scenario is ~3 levels deep; 32 is far beyond any real one
  const MAX_CHARS = 1 << 20;          // 1 MiB of JSON text: a scenario is ~1 KB
  const MAX_SHOWN_CHARS = 60;         // a value or key echoed in a message (the core's kScenarioErrorIds)

  // One short line: control characters escaped, cut to MAX_SHOWN_CHARS.
  function shown(text) {
    let s = String(text).replace(/[\u0000-\u001f\u007f\u2028\u2029]/g,
      (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
    if (s.length > MAX_SHOWN_CHARS) s = s.slice(0, MAX_SHOWN_CHARS) + '…';
    return s;
  }

  function describeThrown(err) {
    try {
      if (err && typeof err === 'object' && typeof err.name === 'string' && typeof err.message === 'string') {
        return shown(`${err.name}: ${err.message}`);
      }
      return shown(String(err));
    } catch (e) {
      return 'an unprintable exception';
    }
  }

  const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

  function childPath(path, key) {
    if (typeof key === 'number') return `${path}[${key}]`;
    return IDENTIFIER.test(key) && key.length <= 40 ? `${path}.${key}` : `${path}["${shown(key).replace(/"/g, '\\"')}"]`;
  }

  // What a non-JSON value is, for "got …" (never calls the value's own code).
  function kindOf(value) {
    if (value === undefined) return 'undefined';
    if (typeof value === 'bigint') return 'a BigInt';
    if (typeof value === 'function') return 'a function';
    if (typeof value === 'symbol') return 'a symbol';
    try {
      const tag = Object.prototype.toString.call(value).slice(8, -1);
      return `an object of type ${shown(tag)}`;
    } catch (e) {
      return 'an unreadable object';
    }
  }

  const MAX_PATH_CHARS = 160;  // a path 32 levels deep under long keys: its start and its end tell where

  class Refusal {
    constructor(path, message) {
      const p = path.length > MAX_PATH_CHARS ? path.slice(0, 80) + '…' + path.slice(-79) : path;
      this.line = `error: ${p}: ${message}`;
    }
  }

  function isPlainObject(value) {
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null;
  }

  // Writes `value` as JSON into out (an array of pieces); throws a Refusal.
  function write(value, path, depth, out, state, ancestors) {
    const grow = (piece) => {
      state.chars += piece.length;
      if (state.chars > MAX_CHARS) throw new Refusal('scenario', `the document is longer than ${MAX_CHARS} characters`);
      out.push(piece);
    };
    if (value === null) return grow('null');
    switch (typeof value) {
      case 'boolean': return grow(value ? 'true' : 'false');
      case 'number':
        if (!Number.isFinite(value)) throw new Refusal(path, `must be a finite number, got ${value}`);
        return grow(JSON.stringify(value));
      case 'string':
        if (value.length > MAX_CHARS) throw new Refusal('scenario', `the document is longer than ${MAX_CHARS} characters`);
        return grow(JSON.stringify(value));
      case 'object': break;
      default: throw new Refusal(path, `must be a JSON value, got ${kindOf(value)}`);
    }
    if (ancestors.has(value)) throw new Refusal(path, `refers back to ${ancestors.get(value)} (a cycle)`);
    if (depth >= MAX_DEPTH) throw new Refusal(path, `is nested deeper than ${MAX_DEPTH} levels`);
    let isArray, keys;
    try {
      isArray = Array.isArray(value);
      if (!isArray && !isPlainObject(value)) {
        throw new Refusal(path, `must be a JSON value (object, array, string, number, true, false or null), got ${kindOf(value)}`);
      }
      keys = isArray ? null : Object.keys(value);
    } catch (err) {
      if (err instanceof Refusal) throw err;
      throw new Refusal(path, `could not be read (${describeThrown(err)})`);
    }
    ancestors.set(value, path);
    if (isArray) {
      let length;
      try { length = value.length; } catch (err) { throw new Refusal(path, `could not be read (${describeThrown(err)})`); }
      grow('[');
      for (let i = 0; i < length; ++i) {
        const item = read(value, i, childPath(path, i));
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') {
          throw new Refusal(childPath(path, i), `must be a JSON value, got ${kindOf(item)}`);
        }
        if (i > 0) grow(',');
        write(item, childPath(path, i), depth + 1, out, state, ancestors);
      }
      grow(']');
    } else {
      grow('{');
      let first = true;
      for (const key of keys) {
        const item = read(value, key, childPath(path, key));
        if (item === undefined) continue;  // as in JSON.stringify and JS's own habit: an undefined field is absent
        if (!first) grow(',');
        first = false;
        grow(JSON.stringify(key));
        grow(':');
        write(item, childPath(path, key), depth + 1, out, state, ancestors);
      }
      grow('}');
    }
    ancestors.delete(value);
  }

  // A property read runs the host's code (getters, proxies): its exception names the field.
  function read(object, key, path) {
    try {
      return object[key];
    } catch (err) {
      throw new Refusal(path, `could not be read (${describeThrown(err)})`);
    }
  }

  function scenarioJson(value) {
    if (typeof value === 'string') {
      if (value.length > MAX_CHARS) return { error: `error: scenario: the document is longer than ${MAX_CHARS} characters` };
      return { json: value };
    }
    if (value === null || typeof value !== 'object') {
      return { error: `error: scenario: must be an object or a JSON text, got ${value === null ? 'null' : typeof value === 'number' || typeof value === 'boolean' ? 'a ' + typeof value : kindOf(value)}` };
    }
    const out = [];
    try {
      write(value, 'scenario', 0, out, { chars: 0 }, new Map());
    } catch (err) {
      if (err instanceof Refusal) return { error: err.line };
      return { error: `error: scenario: could not be read (${describeThrown(err)})` };  // e.g. the JS stack itself
    }
    return { json: out.join('') };
  }

  function guardedCall(fn) {
    const sp = stackSave();
    try {
      return { value: fn() };
    } catch (thrown) {
      stackRestore(sp);
      return { thrown };
    }
  }

  Module.isGuard = { scenarioJson, guardedCall, describeThrown };
})();
