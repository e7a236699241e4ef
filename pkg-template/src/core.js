// The WebAssembly modules, as every other module reaches them.
//
// The package is three WebAssembly modules built from one crate (see the README's layout):
//
// - the core (definitions, results, names, `sanitize`), compiled when the package is imported:
//   tool.js drives its number-only exports;
// - the portable rules (the schema dialects, the Toolkit's wording, HTTP and OpenAPI, A2A,
//   skills), compiled on the first operation that needs them;
// - the Node.js-only rules (the builtin tools, MCP config files), which only the Node.js entry
//   can load, likewise on first use.
//
// Each entry imports its `instance/` module, which instantiates the core the way that runtime
// loads WebAssembly and hands it to `attach`, with how to load each rules module. The modules
// shared by several entries (one chunk for the browser and edge entries) may run before that:
// they use the core only inside their functions, or take it with `onAttach`. A module takes:
//
// - `call(op, value)`: the rules' JSON door (src/ops/, through src/wasm/door.rs): `value`
//   crosses as JSON, the answer's `ok` value comes back, a refusal throws a `TypeError` with the
//   core's message;
// - `coreCall(op, input, text?)`: the same door with the JSON text each way, for callers that
//   write the input or read the answer themselves (a cached request, a megabyte of text);
// - `onAttach(fn)`: `fn(instance)` with the core instance's raw exports (memory and the
//   number-only exports of tool.js), as soon as the core is attached;
// - `recover(error)`: what every call into the core that throws goes through.

import { NODE_DOMAINS } from "./protocol.js";
import { wellFormedJson } from "./well-formed.js";

let wasm;
let stackPointer;
let stackBase = 0;

/**
 * How an entry loads a rules module: a function answering the compiled `WebAssembly.Module`
 * (called once, on the first operation of its domains).
 * @typedef {{ portable: () => WebAssembly.Module, node?: () => WebAssembly.Module }} RulesLoaders
 */

/** @type {RulesLoaders | undefined} */
let loaders;

/**
 * Called once, by the entry's `instance/` module, before any other module runs.
 * @param {WebAssembly.Exports} instance the core instance's raw exports
 * @param {RulesLoaders} rules how this entry loads the rules modules
 */
export function attach(instance, rules) {
  wasm = instance;
  loaders = rules;
  stackPointer = /** @type {WebAssembly.Global} */ (instance.__stack_pointer);
  stackBase = stackPointer.value;
  for (const fn of waiting.splice(0)) fn(instance);
}

const waiting = [];

/**
 * Calls `fn` with the core instance's raw exports once the core is attached (at once if it is).
 * @param {(instance: WebAssembly.Exports) => void} fn
 */
export function onAttach(fn) {
  if (wasm === undefined) waiting.push(fn);
  else fn(wasm);
}

/**
 * A stack overflow (a RangeError at the engine's stack limit) can surface inside a WebAssembly
 * frame, which then never restores the shadow-stack pointer. No export runs inside another, so
 * whenever a call into the core throws, no core frame is live: the pointer goes back to where
 * it stood at start-up, and the next call finds the core as new. Returns `error`.
 * @template E
 * @param {E} error
 * @returns {E}
 */
export function recover(error) {
  stackPointer.value = stackBase;
  return error;
}

/**
 * For the edge instances: a module compiled in the host's realm (Next.js's wasm bindings) fails
 * the glue's `instanceof WebAssembly.Module` and would be compiled again, which is refused:
 * give it this realm's prototype, so the glue instantiates it as it is.
 * @param {WebAssembly.Module} module
 */
export function moduleOf(module) {
  return module instanceof WebAssembly.Module ? module : Object.setPrototypeOf(module, WebAssembly.Module.prototype);
}

const stringify = JSON.stringify;
const parse = JSON.parse;

/** The rules modules, compiled once each, and their live instances' exports. */
const compiled = { portable: undefined, node: undefined };
const doors = { portable: undefined, node: undefined };
let instances = 0;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Which module answers each operation asked for so far (a few dozen names). */
const kinds = new Map();

/** The module answering `op`: "node" for the Node.js-only domains, else "portable". */
function kindOf(op) {
  let kind = kinds.get(op);
  if (kind === undefined) {
    const dot = op.indexOf(".");
    kind = NODE_DOMAINS.includes(dot < 0 ? op : op.slice(0, dot)) ? "node" : "portable";
    kinds.set(op, kind);
  }
  return kind;
}

/** The rules instance answering `op`, made on first use. */
function doorFor(op) {
  const kind = kindOf(op);
  let door = doors[kind];
  if (door === undefined) {
    if (loaders === undefined) throw new TypeError(`toolnexus: ${op} was called before the package's entry attached the core`);
    const load = loaders[kind];
    if (load === undefined) throw new TypeError(`toolnexus: ${op} needs Node.js, Bun or Deno`);
    compiled[kind] ??= load();
    door = doors[kind] = {
      kind,
      instance: ++instances,
      exports: new WebAssembly.Instance(compiled[kind], {}).exports,
      names: new Map(),
      input: 0, // where the instance's input buffer starts, once it has one (`INPUT_ROOM` bytes)
    };
  }
  return door;
}

/**
 * The rules instance that answers `op` (made now if there is none and `make` is not false), as
 * a number no other instance has had; 0 when there is none. What a host keeps in an instance
 * (an HTTP tool's plan) belongs to that instance: after a trap the next one holds nothing.
 * @param {string} op
 * @param {boolean} [make]
 * @returns {number}
 */
export function instanceOf(op, make = true) {
  if (make) return doorFor(op).instance;
  return doors[kindOf(op)]?.instance ?? 0;
}

/**
 * Writes `text` as UTF-8 into memory the rules instance `x` allocates; answers `[at, length,
 * capacity]`. Room for the ASCII case first; a text with other characters gets room for three
 * bytes per remaining unit (what TextEncoder can write for one).
 */
function pass(x, text) {
  let capacity = text.length > 4096 ? text.length : text.length * 3;
  let at = x.alloc_bytes(capacity) >>> 0;
  let { read, written } = encoder.encodeInto(text, new Uint8Array(x.memory.buffer, at, capacity));
  if (read < text.length) {
    const more = (text.length - read) * 3;
    const wider = x.alloc_bytes(written + more) >>> 0;
    new Uint8Array(x.memory.buffer).copyWithin(wider, at, at + written);
    x.free_bytes(at, capacity);
    at = wider;
    capacity = written + more;
    written += encoder.encodeInto(text.slice(read), new Uint8Array(x.memory.buffer, at + written, more)).written;
  }
  return [at, written, capacity];
}

// Inputs of up to a third of this many UTF-16 units (so of up to this many bytes in UTF-8) are
// written into one buffer each rules instance keeps: most calls allocate nothing in it.
const INPUT_ROOM = 1 << 15;

// An input of up to this many units, when ASCII, is written by a loop here rather than by
// TextEncoder. A call between two requests (an HTTP tool's) finds its code out of the CPU's
// caches, where the encoder's native path costs about 1.9 µs and the loop 0.7 µs (measured with
// the caches flushed; the same 0.1–0.2 µs either way when warm). The answer is read by
// TextDecoder, the faster of the two both ways.
const SHORT = 256;

/** Writes `text` at the start of `bytes` when it is ASCII; answers its length, or -1 when not. */
function asciiInto(text, bytes) {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return -1;
    bytes[i] = c;
  }
  return n;
}

/**
 * Runs the core operation `op` over `input`, JSON text, with `text` (a long string) as the
 * input's `"text"` field when given; answers the JSON text `{"ok":value}` or
 * `{"error":{"kind","message"}}`. A trap inside the rules (which the core never means to
 * reach) throws, and the next call gets a fresh instance of the same compiled module.
 * @param {string} op
 * @param {string} input
 * @param {string} [text]
 * @returns {string}
 */
export function coreCall(op, input, text) {
  const door = doorFor(op);
  const x = door.exports;
  let answer;
  try {
    // An operation's name is written into the instance once and kept there (a few dozen
    // names, a few bytes each): a call writes its input only.
    let name = door.names.get(op);
    if (name === undefined) door.names.set(op, (name = pass(x, op)));
    let json;
    if (input.length * 3 <= INPUT_ROOM) {
      if (door.input === 0) door.input = x.alloc_bytes(INPUT_ROOM) >>> 0;
      const room = new Uint8Array(x.memory.buffer, door.input, INPUT_ROOM);
      let written = input.length <= SHORT ? asciiInto(input, room) : -1;
      if (written < 0) written = encoder.encodeInto(input, room).written;
      json = [door.input, written, 0];
    } else {
      json = pass(x, input);
    }
    const long = text === undefined ? [0, 0, 0] : pass(x, text);
    const at = x.call(name[0], name[1], json[0], json[1], long[0], long[1]) >>> 0;
    const length = x.answer_len() >>> 0;
    answer = decoder.decode(new Uint8Array(x.memory.buffer, at, length));
    // A long answer is let go at once: with the input buffer kept, the next call may allocate
    // nothing that would let it go first.
    if (length > INPUT_ROOM) x.drop_answer();
    if (json[2] !== 0) x.free_bytes(json[0], json[2]);
    if (text !== undefined) x.free_bytes(long[0], long[2]);
  } catch (error) {
    if (doors[door.kind] === door) doors[door.kind] = undefined;
    throw error;
  }
  // A refusal of input holding a lone surrogate, which JSON.stringify writes as an escape no
  // Rust string can hold: asked again with each as U+FFFD (the text beside it is UTF-8 from
  // TextEncoder, which already did the same).
  if (answer.startsWith('{"error"')) {
    const fixed = wellFormedJson(input);
    if (fixed !== input) return coreCall(op, fixed, text);
  }
  return answer;
}

/**
 * Runs the core operation `op` (`"domain.name"`, src/ops/mod.rs) over `value`.
 * @param {string} op
 * @param {unknown} value sent as JSON (`undefined` as `null`)
 * @returns {any} the answer's `ok` value
 * @throws {TypeError} with the core's message when the core refuses the input
 */
export function call(op, value) {
  const answer = parse(coreCall(op, stringify(value) ?? "null"));
  if (answer.error !== undefined) throw new TypeError(answer.error.message);
  return answer.ok;
}
