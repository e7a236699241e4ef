// `tool` and `collectTools`: SPEC §6's decorator form. `tool(description, options)` returns a
// function that is both a standard (TC39) method decorator and a marker for plain functions;
// `collectTools(obj)` turns what it marked into `defineTool` tools bound to `obj`.
//
// Nothing is written on user objects: what `tool` learns lives in two module-private WeakMaps.
// A decorated method registers an instance initializer (`context.addInitializer`), which runs
// in the constructor of each new instance and records the method against that instance; so
// `collectTools` needs no `Symbol.metadata` (Node.js 18 and 20 lack it),
// finds inherited methods (the base constructor records them first), resolves each method
// through `context.access` at collection time (so a subclass override, or another decorator
// wrapping the method, is what runs), and reaches private methods too.

import { defineTool } from "./tool.js";

// Marked plain functions: function -> { description, name, inputSchema }.
const marks = new WeakMap();
// Decorated methods: object (an instance, or a class for static methods) -> records, in the
// order the initializers ran (base class first, then each class in declaration order).
const records = new WeakMap();
// Methods already decorated by `tool` (a second `@tool` on one method is a mistake).
const decorated = new WeakSet();

const apply = Reflect.apply;
const ownKeys = Reflect.ownKeys;
const getPrototypeOf = Object.getPrototypeOf;
const describeOwn = Object.getOwnPropertyDescriptor;

const show = (key) => (typeof key === "symbol" ? key.toString() : JSON.stringify(key));

// Checks the definition exactly as `defineTool` does (same TypeErrors, same messages) by
// defining it once; the tool made here is dropped.
const check = (name, description, inputSchema, run) => {
  defineTool({ name, description, inputSchema, run });
};

function record(owner, entry) {
  let list = records.get(owner);
  if (list === undefined) records.set(owner, (list = []));
  list.push(entry);
}

/**
 * @param {string} description what the model reads
 * @param {{ name?: string, inputSchema?: object }} [options]
 */
function tool(description, options) {
  if (typeof description === "function") {
    throw new TypeError('tool: call it with a description first: @tool("What it does"), or tool("What it does")(fn)');
  }
  if (options !== undefined && (options === null || typeof options !== "object")) {
    throw new TypeError(`tool: options must be an object { name?, inputSchema? }, got ${options === null ? "null" : typeof options}`);
  }
  const name = options?.name;
  const inputSchema = options?.inputSchema;
  // Fails early, at the `tool(...)` call, for what does not depend on the method.
  check(name ?? "tool", description, inputSchema, () => {});

  return function toolDecorator(value, context) {
    if (context === undefined) {
      // `tool("d")(fn)`: marks `fn` and returns it unchanged.
      if (typeof value !== "function") {
        throw new TypeError(`tool: expected a method or a function to mark, got ${value === null ? "null" : typeof value}`);
      }
      if (marks.has(value) || decorated.has(value)) {
        throw new TypeError("tool: this function is already marked as a tool");
      }
      marks.set(value, { description, name, inputSchema });
      return value;
    }

    const kind = context?.kind;
    if (kind !== "method") {
      const what = typeof kind === "string" ? `a ${kind}` : "not a class element";
      const key = context?.name;
      const where = typeof key === "string" || typeof key === "symbol" ? ` (${show(key)})` : "";
      throw new TypeError(`tool: @tool decorates methods only; this is ${what}${where}`);
    }
    if (typeof value !== "function") {
      throw new TypeError("tool: @tool decorates methods only; this method is not a function");
    }
    if (decorated.has(value) || marks.has(value)) {
      throw new TypeError(`tool: method ${show(context.name)} is already decorated with @tool`);
    }

    const key = context.name;
    let toolName = name;
    if (toolName === undefined) {
      if (typeof key === "symbol") {
        throw new TypeError(`tool: method ${show(key)} is named by a symbol: give the tool a name with @tool(description, { name })`);
      }
      // A private method `#lookup` is offered as `lookup`.
      toolName = context.private ? key.slice(1) : key;
    }
    check(toolName, description, inputSchema, value);
    decorated.add(value);

    const get = typeof context.access?.get === "function" ? context.access.get : (obj) => obj[key];
    const entry = {
      // Private names are per class: `#m` in a subclass does not override `#m` in its base.
      key: context.private ? {} : key,
      label: show(key),
      privateStatic: context.private && context.static,
      name: toolName,
      description,
      inputSchema,
      get,
    };
    context.addInitializer(function recordTool() {
      record(this, entry);
    });
    return undefined;
  };
}

/**
 * The tools of `obj`: its decorated methods (inherited ones included, each bound to `obj`,
 * in declaration order), then the own properties holding functions marked by `tool(...)`.
 * @param {object} obj
 */
function collectTools(obj) {
  if (obj === null || (typeof obj !== "object" && typeof obj !== "function")) {
    throw new TypeError(`collectTools: expected an object, got ${obj === null ? "null" : typeof obj}`);
  }
  const found = new Map(); // key -> { entry, fn }

  // Decorated methods recorded against `obj`: an instance's, base classes' first (their
  // constructors ran first), so that a later record for the same key (an override) takes
  // its place. A class's static methods are recorded against the class, and a subclass
  // inherits the public ones: for a class, its base classes' records come first.
  const chain = [obj];
  for (let o = obj; typeof o === "function";) {
    o = getPrototypeOf(o);
    if (o === null || o === Function.prototype) break;
    chain.push(o);
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const list = records.get(chain[i]);
    if (list === undefined) continue;
    for (const entry of list) {
      // A private static method can only be reached on its own class.
      if (i === 0 || !entry.privateStatic) found.set(entry.key, { entry, fn: undefined });
    }
  }
  for (const item of found.values()) {
    const fn = item.entry.get(obj);
    if (typeof fn !== "function") {
      throw new TypeError(`collectTools: ${item.entry.label} is a decorated method, but on this object it is ${fn === null ? "null" : typeof fn}`);
    }
    item.fn = fn;
  }

  // Marked functions among the own data properties. An own property shadows a method of the
  // same name, as it does for `obj[key]`.
  for (const key of ownKeys(obj)) {
    const desc = describeOwn(obj, key);
    if (desc === undefined || !("value" in desc) || typeof desc.value !== "function") continue;
    const mark = marks.get(desc.value);
    if (mark === undefined) continue;
    let name = mark.name;
    if (name === undefined) {
      if (typeof key === "symbol") {
        throw new TypeError(`collectTools: property ${show(key)} is named by a symbol: give the tool a name with tool(description, { name })`);
      }
      name = key;
    }
    found.set(key, { entry: { label: show(key), name, description: mark.description, inputSchema: mark.inputSchema }, fn: desc.value });
  }

  const tools = [];
  const byName = new Map();
  for (const { entry, fn } of found.values()) {
    const other = byName.get(entry.name);
    if (other !== undefined) {
      throw new TypeError(`collectTools: ${other} and ${entry.label} both give the tool name ${JSON.stringify(entry.name)}`);
    }
    byName.set(entry.name, entry.label);
    tools.push(defineTool({
      name: entry.name,
      description: entry.description,
      inputSchema: entry.inputSchema,
      run: (args, ctx) => apply(fn, obj, [args, ctx]),
    }));
  }
  return tools;
}

export { tool, collectTools };
