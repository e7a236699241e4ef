// The toolnexus playground. Loads the package's browser entry (the WebAssembly is inlined, so
// there is no init call), evaluates the tool definition the person typed, runs it, and shows the
// ToolResult, the tool list as JSON and sanitize() live. Every failure ends up on the page.
import { examples } from "./examples.js";
import { setupOpenAPI, setupViews } from "./openapi.js";

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// Uncaught errors and unhandled rejections: shown on the page, never only in the console.

function describe(value) {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (value && typeof value === "object" && typeof value.message === "string") return value.message;
  try {
    return String(value);
  } catch {
    return "(a value that cannot be shown)";
  }
}

function showPageError(kind, value) {
  const box = document.querySelector('[data-testid="page-errors"]');
  const li = document.createElement("li");
  li.textContent = `${kind}: ${describe(value)}`;
  $("page-errors-list").append(li);
  box.hidden = false;
}

window.addEventListener("error", (event) => {
  showPageError("Uncaught error", event.error ?? event.message);
});
window.addEventListener("unhandledrejection", (event) => {
  showPageError("Unhandled promise rejection", event.reason);
});

// ---------------------------------------------------------------------------------------------
// Small DOM helpers: text only, never innerHTML with what the person typed.

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c != null));
  return node;
}

function field(label, ...value) {
  return [el("dt", {}, label), el("dd", {}, ...value)];
}

// ---------------------------------------------------------------------------------------------
// Loading the package.

let api;
try {
  api = await import("/pkg/web/index.js");
} catch (err) {
  const result = $("result");
  result.dataset.state = "load-error";
  result.replaceChildren(
    el("p", { class: "badge bad" }, "could not load toolnexus"),
    el("pre", { class: "code error" }, describe(err)),
    el("p", { class: "hint" }, "Is pkg/ built? Run npm run www, which builds it and starts this server."),
  );
  throw err;
}
const { defineTool, Tool, sanitize } = api;
setupViews();
setupOpenAPI(api);
// The portable rules module (the adapters' rules; README: "The package"), instantiated here
// once more through its plain door (src/wasm/door.rs): the playground asks it what each
// rewrite changed (`explain`), which the public adapters do not report.
const { default: rulesBase64 } = await import("/pkg/web/toolnexus_rules_wasm.js");
const rules = new WebAssembly.Instance(
  new WebAssembly.Module(Uint8Array.from(atob(rulesBase64), (c) => c.charCodeAt(0))), {}).exports;
const core = {
  coreCall(op, input) {
    const put = (text) => {
      const bytes = new TextEncoder().encode(text);
      const at = rules.alloc_bytes(bytes.length);
      new Uint8Array(rules.memory.buffer, at, bytes.length).set(bytes);
      return [at, bytes.length];
    };
    const [name, nameLength] = put(op);
    const [json, jsonLength] = put(input);
    const at = rules.call(name, nameLength, json, jsonLength, 0, 0);
    const answer = new TextDecoder().decode(new Uint8Array(rules.memory.buffer, at, rules.answer_len()));
    rules.free_bytes(name, nameLength);
    rules.free_bytes(json, jsonLength);
    return answer;
  },
};

// ---------------------------------------------------------------------------------------------
// Examples.

const select = $("example");
const definitionBox = $("definition");
const argsBox = $("args");

for (const ex of examples) select.append(el("option", { value: ex.id }, ex.label));

function loadExample(id) {
  const ex = examples.find((e) => e.id === id) ?? examples[0];
  select.value = ex.id;
  definitionBox.value = ex.definition;
  argsBox.value = ex.args;
  definitionBox.scrollTop = 0;
  definitionBox.scrollLeft = 0;
}
select.addEventListener("change", () => loadExample(select.value));
loadExample(examples[0].id);

// ---------------------------------------------------------------------------------------------
// Tools defined so far, keyed by name; shown as the JSON a model receives.

const tools = new Map();

function renderTools() {
  const list = [...tools.values()];
  $("tools").textContent = JSON.stringify(list, null, 2);
  $("tools-count").textContent = `(${list.length})`;
  renderFormat();
}

// ---------------------------------------------------------------------------------------------
// Tools out: the list in each provider's format. `out` is the core's request for it
// (`schema.tools_out`), used to ask for the notes of what the rewrite changed.

const FORMATS = [
  { id: "openai", label: "OpenAI", out: { target: "openai" }, make: (list) => api.toOpenAI(list) },
  { id: "openai-strict", label: "OpenAI strict", out: { target: "openai", strict: true }, make: (list) => api.toOpenAI(list, { strict: true }) },
  { id: "responses", label: "Responses", out: { target: "openai_responses" }, make: (list) => api.toOpenAIResponses(list) },
  { id: "anthropic", label: "Anthropic", out: { target: "anthropic" }, make: (list) => api.toAnthropic(list) },
  { id: "gemini", label: "Gemini", out: { target: "gemini" }, make: (list) => api.toGemini(list) },
  { id: "gemini-openapi", label: "Gemini OpenAPI", out: { target: "gemini", dialect: "openapi" }, make: (list) => api.toGemini(list, { dialect: "openapi" }) },
  { id: "mcp", label: "MCP", out: { target: "mcp" }, make: (list) => api.toMCP(list) },
];
let format = FORMATS[0];

for (const f of FORMATS) {
  const tab = el("button", { type: "button", role: "tab", "data-testid": `tab-${f.id}`, "data-format": f.id }, f.label);
  tab.addEventListener("click", () => {
    format = f;
    renderFormat();
  });
  $("format-tabs").append(tab);
}

/** Each tool's notes of what the rewrite changed, as the core reports them. */
function notesOf(list) {
  const tools = list.map((t) => ({ name: t.name, inputSchema: t.inputSchema }));
  const reply = JSON.parse(core.coreCall("schema.tools_out", JSON.stringify({ ...format.out, tools, explain: true })));
  const answer = reply.ok ?? {};
  if (!answer.notes) return [];
  return list.map((tool, i) => {
    const notes = answer.notes[i] ?? [];
    return `${tool.name}: ${notes.length ? notes.join("; ") : "unchanged"}`;
  });
}

function renderFormat() {
  for (const tab of $("format-tabs").children) {
    tab.setAttribute("aria-selected", String(tab.dataset.format === format.id));
  }
  const list = [...tools.values()];
  const out = $("format-output");
  out.dataset.format = format.id;
  $("copy-status").textContent = "";
  try {
    out.textContent = JSON.stringify(format.make(list), null, 2);
    out.classList.remove("error");
    const notes = list.length ? notesOf(list) : ["no tools yet: press Run"];
    $("format-notes").replaceChildren(...notes.map((n) => el("li", {}, n)));
  } catch (err) {
    out.textContent = describe(err);
    out.classList.add("error");
    $("format-notes").replaceChildren();
  }
}

$("copy-format").addEventListener("click", async () => {
  const text = $("format-output").textContent;
  try {
    await navigator.clipboard.writeText(text);
    $("copy-status").textContent = `Copied ${format.label} (${text.length} characters)`;
  } catch (err) {
    $("copy-status").textContent = `Could not copy: ${describe(err)}`;
  }
});

$("clear-tools").addEventListener("click", () => {
  tools.clear();
  renderTools();
});

// ---------------------------------------------------------------------------------------------
// Running.

/** Evaluates the definition text as an expression with the package's exports in scope. */
function evaluateDefinition(text) {
  const make = new Function("defineTool", "Tool", "sanitize", `"use strict";\nreturn (${text}\n);`);
  const tool = make(defineTool, Tool, sanitize);
  if (!(tool instanceof Tool)) {
    const got = tool === null ? "null" : Array.isArray(tool) ? "an array" : typeof tool;
    throw new TypeError(`The definition must evaluate to a tool (defineTool({...}) or new Tool({...})), got ${got}`);
  }
  return tool;
}

/** Parses the args box. Blank means no arguments (execute passes {} to run). */
function parseArgs(text) {
  if (text.trim() === "") return undefined;
  return JSON.parse(text);
}

// Browsers coarsen performance.now() (to 0.1 ms unless the page is cross-origin isolated), so a
// fast execute reads as "< 0.1 ms" rather than a misleading 0.
function formatMs(ms) {
  if (ms < 0.1) return "< 0.1 ms";
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  return `${Math.round(ms)} ms`;
}

/** The output text, pretty-printed when it is a JSON object or array. */
function outputView(output) {
  if (typeof output !== "string") {
    return el("pre", { class: "code output", "data-testid": "output" }, describe(output));
  }
  if (output === "") return el("pre", { class: "code output empty", "data-testid": "output" }, "(empty string)");
  let pretty = null;
  if (/^\s*[[{]/.test(output)) {
    try {
      pretty = JSON.stringify(JSON.parse(output), null, 2);
    } catch {
      pretty = null;
    }
  }
  return el("pre", { class: "code output", "data-testid": "output", title: pretty ? "JSON output, shown indented" : "" }, pretty ?? output);
}

let runs = 0;

function showResult(state, ...content) {
  const result = $("result");
  result.dataset.state = state;
  result.dataset.run = String(++runs);
  result.replaceChildren(...content);
}

function showError(state, title, err, hint) {
  const name = err instanceof Error ? err.name : "Error";
  const message = err instanceof Error ? err.message : describe(err);
  showResult(
    state,
    el("div", { class: "status" }, el("span", { class: "badge bad" }, title)),
    el("pre", { class: "code error", "data-testid": "error" }, `${name}: ${message}`),
    hint ? el("p", { class: "hint" }, hint) : null,
  );
}

let current = 0;

async function run() {
  const id = ++current;
  let tool;
  try {
    tool = evaluateDefinition(definitionBox.value);
  } catch (err) {
    showError("definition-error", "definition error", err, "Fix the definition and press Run again.");
    return;
  }
  tools.set(tool.name, tool);
  renderTools();

  let args;
  try {
    args = parseArgs(argsBox.value);
  } catch (err) {
    showError("args-error", "arguments are not valid JSON", err, 'Arguments must be JSON, e.g. { "city": "Paris" }: double-quoted keys, no trailing commas.');
    return;
  }

  const result = $("result");
  result.dataset.state = "running";
  result.replaceChildren(el("p", { class: "muted" }, `Running ${tool.name}…`));

  const started = performance.now();
  const outcome = await tool.execute(args);
  const took = performance.now() - started;
  if (id !== current) return; // a newer Run started meanwhile

  if (outcome === null || typeof outcome !== "object") {
    showError("tool-error", "unexpected result", new TypeError(`execute resolved to ${describe(outcome)}`));
    return;
  }
  const isError = outcome.isError === true;
  const hasMetadata = Object.hasOwn(outcome, "metadata");
  showResult(
    isError ? "tool-error" : "ok",
    el(
      "div",
      { class: "status" },
      el("span", { class: isError ? "badge bad" : "badge good" }, isError ? "isError: true" : "ok"),
      el("span", { class: "muted" }, `${tool.name} · execute took `, el("strong", { "data-testid": "timing" }, formatMs(took))),
    ),
    el(
      "dl",
      {},
      ...field("output", outputView(outcome.output)),
      ...field("isError", el("code", { "data-testid": "is-error" }, String(outcome.isError))),
      ...(hasMetadata
        ? field("metadata", el("pre", { class: "code", "data-testid": "metadata" }, JSON.stringify(outcome.metadata, null, 2) ?? String(outcome.metadata)))
        : []),
    ),
  );
}

$("run").addEventListener("click", () => {
  run().catch((err) => showError("tool-error", "unexpected failure", err));
});

for (const box of [definitionBox, argsBox]) {
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      $("run").click();
    }
  });
}

// ---------------------------------------------------------------------------------------------
// sanitize, live.

const sanitizeIn = $("sanitize-in");
function renderSanitize() {
  try {
    $("sanitize-out").textContent = sanitize(sanitizeIn.value);
    $("sanitize-out").classList.remove("error");
  } catch (err) {
    $("sanitize-out").textContent = describe(err);
    $("sanitize-out").classList.add("error");
  }
}
sanitizeIn.addEventListener("input", renderSanitize);
renderSanitize();

// ---------------------------------------------------------------------------------------------
// Ready.

renderFormat();
$("result").replaceChildren(el("p", { class: "muted" }, "Press Run to define the tool and execute it with the arguments."));
$("run").disabled = false;
document.body.dataset.ready = "true";
