// A tour of toolnexus: define tools, run them (failures included), make names safe, and print
// the tool list the way a model sees it. Run it after a build: `node examples/demo.mjs`
// (or `npm run demo`, which builds first). Every step asserts what it shows, so the demo
// exits non-zero the moment the package misbehaves.
import assert from "node:assert/strict";
import { defineTool, sanitize, Tool } from "toolnexus";

function section(title) {
  console.log(`\n== ${title}`);
}

function show(label, result) {
  const flag = result.isError ? "error" : "ok";
  const meta = result.metadata ? `  metadata=${JSON.stringify(result.metadata)}` : "";
  console.log(`  ${label.padEnd(28)} ${flag.padEnd(5)} ${JSON.stringify(result.output)}${meta}`);
}

// ---------------------------------------------------------------------------------------------
section("defineTool: one function, one tool");

const calculator = defineTool({
  name: "calculate",
  description: "Apply + - * / to two numbers",
  inputSchema: {
    type: "object",
    properties: {
      op: { type: "string", enum: ["+", "-", "*", "/"] },
      a: { type: "number" },
      b: { type: "number" },
    },
    required: ["op", "a", "b"],
  },
  run: async ({ op, a, b }) => {
    if (op === "/" && b === 0) throw new RangeError("division by zero");
    const ops = { "+": a + b, "-": a - b, "*": a * b, "/": a / b };
    if (!(op in ops)) throw new Error(`unknown operator ${JSON.stringify(op)}`);
    return ops[op]; // a number: JSON.stringify'd into the output
  },
});

const orders = new Map([["A-1", { id: "A-1", total: 42.5, status: "shipped" }]]);
const lookup = defineTool({
  name: "lookup_order",
  description: "Fetch an order by id",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  run: ({ id }) => {
    const order = orders.get(id);
    if (!order) throw new Error(`no such order: ${id}`);
    return order; // an object: JSON.stringify'd
  },
});

// A sync run, no schema: the tool gets a fresh empty object schema of its own.
const now = defineTool({ name: "epoch", description: "Seconds since 1970", run: () => Math.floor(Date.now() / 1000) });

const sum = await calculator.execute({ op: "+", a: 2, b: 3 });
show("calculate 2 + 3", sum);
assert.deepEqual(sum, { output: "5", isError: false });

const found = await lookup.execute({ id: "A-1" });
show("lookup_order A-1", found);
assert.deepEqual(JSON.parse(found.output), orders.get("A-1"));

const epoch = await now.execute({});
show("epoch (sync run)", epoch);
assert.match(epoch.output, /^\d+$/);
assert.deepEqual(now.inputSchema, { type: "object", properties: {}, additionalProperties: false });
assert.equal(now.source, "native");

// ---------------------------------------------------------------------------------------------
section("new Tool: the class, with a full ToolResult and metadata");

const divide = new Tool({
  name: "divide",
  description: "Divide two numbers",
  inputSchema: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
  },
  execute: async ({ a, b }) => {
    if (b === 0) return { output: "Cannot divide by zero", isError: true, metadata: { code: "E_ZERO" } };
    return { output: String(a / b), isError: false, metadata: { operands: [a, b] } };
  },
});

const quotient = await divide.execute({ a: 10, b: 4 });
show("divide 10 / 4", quotient);
assert.deepEqual(quotient, { output: "2.5", isError: false, metadata: { operands: [10, 4] } });

const byZero = await divide.execute({ a: 1, b: 0 });
show("divide 1 / 0 (its own error)", byZero);
assert.equal(byZero.metadata.code, "E_ZERO");

assert.ok(divide instanceof Tool && calculator instanceof Tool);
assert.equal(divide.source, "custom");

// ---------------------------------------------------------------------------------------------
section("error paths: execute never throws and never rejects");

const missing = await lookup.execute({ id: "Z-9" });
show("lookup_order Z-9 (throws)", missing);
assert.deepEqual(missing, { output: "no such order: Z-9", isError: true });

const zero = await calculator.execute({ op: "/", a: 1, b: 0 });
show("calculate 1 / 0 (rejects)", zero);
assert.deepEqual(zero, { output: "division by zero", isError: true });

const flaky = defineTool({ name: "flaky", description: "Always rejects", run: () => Promise.reject("upstream timed out") });
const rejected = await flaky.execute({});
show("flaky (rejects a string)", rejected);
assert.deepEqual(rejected, { output: "upstream timed out", isError: true });

// A bad definition is caught when the tool is defined, not when it runs.
try {
  defineTool({ name: "get user", description: "Fetch a user", run: () => "" });
  assert.fail("a name with a space must be refused");
} catch (e) {
  assert.ok(e instanceof TypeError);
  assert.match(e.message, /sanitize\(\)/);
  console.log(`  bad name    -> TypeError: ${e.message}`);
}
try {
  new Tool({ name: "ok", description: "No function", run: () => "" });
  assert.fail("a Tool without execute must be refused");
} catch (e) {
  assert.ok(e instanceof TypeError);
  console.log(`  no execute  -> TypeError: ${e.message}`);
}

// ---------------------------------------------------------------------------------------------
section("sanitize: any string into a safe name");

for (const [input, expected] of [
  ["get user", "get_user"],
  ["fs.read_file", "fs_read_file"],
  ["héllo wörld", "h_llo_w_rld"],
  ["天気", "__"],
  ["😀 party", "___party"],
]) {
  const name = sanitize(input);
  console.log(`  ${JSON.stringify(input).padEnd(16)} -> ${JSON.stringify(name)}`);
  assert.equal(name, expected);
  assert.equal(name, input.replace(/[^a-zA-Z0-9_-]/g, "_"));
}

// ---------------------------------------------------------------------------------------------
section("the tool list, as a model sees it");

const tools = [calculator, lookup, now, divide];
const listed = JSON.parse(JSON.stringify(tools));
// Own enumerable data fields: JSON keeps the four data fields and drops execute.
assert.deepEqual(Object.keys(listed[0]), ["name", "description", "inputSchema", "source"]);

// Valid JSON, one field a line, each schema kept on one line so the list stays short.
const forModel = tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
const fields = (tool) => Object.entries(tool).map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
console.log(`[\n${forModel.map((t) => `  {\n${fields(t).join(",\n")}\n  }`).join(",\n")}\n]`);

console.log("\ndemo: all checks passed");
