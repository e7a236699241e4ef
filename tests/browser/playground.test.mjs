// The www/ playground, driven in headless Chromium the way a person uses it: run the example,
// break the args, break the definition, break the JSON, read the tool list, try sanitize.
// Needs pkg/ built. Run from the repo: node --test tests/browser/playground.test.mjs
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/browser.mjs";
import { startPlayground } from "../../scripts/www.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const screenshot = join(root, "test-output", "playground.png");

let server;
let url;
let context;
let page;
let profile;
const problems = [];

before(async () => {
  ({ server, url } = await startPlayground({ port: 0 }));
  profile = mkdtempSync(join(tmpdir(), "toolnexus-playground-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("requestfailed", (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(`${url}/`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 });
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const byId = (id) => page.getByTestId(id);

/** Clicks Run and waits for the result to change; returns its state and text. */
async function run() {
  const before = Number(await byId("result").getAttribute("data-run"));
  await byId("run").click();
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="result"]').dataset.run) > n,
    before,
    { timeout: 10_000 },
  );
  const result = byId("result");
  return { state: await result.getAttribute("data-state"), text: await result.innerText() };
}

let original;

test("the pre-filled example runs with good args", async () => {
  original = await byId("definition").inputValue();
  assert.match(original, /defineTool\(\{/);
  assert.match(original, /inputSchema/);
  const { state, text } = await run();
  assert.equal(state, "ok", text);
  assert.equal(await byId("output").innerText(), "Paris: 18°C, light rain");
  assert.equal(await byId("is-error").innerText(), "false");
  assert.match(await byId("timing").innerText(), /^(< 0\.1|\d+(\.\d+)?) ms$/);
});

test("bad args make run throw: isError true with the message", async () => {
  await byId("args").fill('{ "city": "Atlantis" }');
  const { state, text } = await run();
  assert.equal(state, "tool-error", text);
  assert.equal(await byId("is-error").innerText(), "true");
  assert.match(await byId("output").innerText(), /Unknown city "Atlantis"/);
});

test("a name with a space is a definition error that points at sanitize", async () => {
  await byId("definition").fill(original.replace('name: "get_weather"', 'name: "get weather"'));
  await byId("args").fill('{ "city": "Paris" }');
  const { state, text } = await run();
  assert.equal(state, "definition-error", text);
  assert.match(text, /TypeError/);
  assert.match(text, /sanitize/);
});

test("a syntax error in the definition is a definition error", async () => {
  await byId("definition").fill("defineTool({ name: 'x', ");
  const { state, text } = await run();
  assert.equal(state, "definition-error", text);
  assert.match(text, /SyntaxError/);
});

test("invalid JSON args are an args error", async () => {
  await byId("definition").fill(original);
  await byId("args").fill("{ city: Paris, }");
  const { state, text } = await run();
  assert.equal(state, "args-error", text);
  assert.match(text, /JSON/);
});

test("a ToolResult with metadata passes through (example select)", async () => {
  await byId("example").selectOption("convert");
  const { state, text } = await run();
  assert.equal(state, "ok", text);
  assert.equal(await byId("output").innerText(), "10 km = 32808.4 ft");
  const metadata = JSON.parse(await byId("metadata").innerText());
  assert.equal(metadata.from, "km");
  assert.equal(metadata.to, "ft");
  assert.equal(metadata.result, 32808.4);
});

test("the tools list is the JSON a model receives", async () => {
  const tools = JSON.parse(await byId("tools").innerText());
  assert.ok(Array.isArray(tools));
  const weather = tools.find((t) => t.name === "get_weather");
  assert.ok(weather, "get_weather is listed");
  assert.deepEqual(Object.keys(weather), ["name", "description", "inputSchema", "source"]);
  assert.equal(weather.source, "native");
  assert.equal(weather.inputSchema.type, "object");
  assert.deepEqual(weather.inputSchema.required, ["city"]);
  assert.ok(tools.some((t) => t.name === "convert_length"));
  for (const tool of tools) assert.equal("execute" in tool, false);
  assert.equal(tools.filter((t) => t.name === "get_weather").length, 1, "a rerun replaces by name");
});

test("tools out: every provider's format, with what the rewrite changed, and copy", async () => {
  const shown = async (id) => {
    await byId(`tab-${id}`).click();
    await page.waitForFunction(
      (f) => document.querySelector('[data-testid="format-output"]').dataset.format === f, id, { timeout: 5_000 });
    assert.equal(await byId(`tab-${id}`).getAttribute("aria-selected"), "true");
    return {
      value: JSON.parse(await byId("format-output").innerText()),
      notes: await byId("format-notes").innerText(),
    };
  };
  const weatherOf = (list) => list.find((t) => (t.function?.name ?? t.name) === "get_weather");

  const chat = await shown("openai");
  assert.equal(weatherOf(chat.value).type, "function");
  assert.equal(weatherOf(chat.value).function.parameters.properties.units.default, "celsius");
  assert.match(chat.notes, /get_weather: unchanged/);

  const strict = await shown("openai-strict");
  const fn = weatherOf(strict.value).function;
  assert.equal(fn.strict, true);
  assert.deepEqual(fn.parameters.required, ["city", "units"]);
  assert.deepEqual(fn.parameters.properties.units.anyOf[1], { type: "null" });
  assert.match(strict.notes, /get_weather: .*1 optional property made nullable/);
  assert.match(strict.notes, /convert_length: .*objects? closed and fully required/);

  const responses = await shown("responses");
  assert.equal(weatherOf(responses.value).strict, false);
  assert.equal(weatherOf((await shown("anthropic")).value).input_schema.type, "object");
  const gemini = await shown("gemini");
  assert.ok(weatherOf(gemini.value[0].functionDeclarations).parametersJsonSchema);
  const openapi = await shown("gemini-openapi");
  const params = weatherOf(openapi.value[0].functionDeclarations).parameters;
  assert.equal(params.type, "OBJECT");
  assert.equal(params.properties.city.type, "STRING");
  const convert = openapi.value[0].functionDeclarations.find((d) => d.name === "convert_length");
  assert.deepEqual(convert.parameters.properties.from, { enum: ["mm", "cm", "m", "km", "in", "ft"], type: "STRING" });
  assert.match(openapi.notes, /get_weather: /);
  const mcp = await shown("mcp");
  assert.deepEqual(Object.keys(weatherOf(mcp.value)), ["name", "description", "inputSchema"]);

  await byId("copy-format").click();
  await page.waitForFunction(() => /^Copied MCP/.test(document.querySelector('[data-testid="copy-status"]').textContent),
    null, { timeout: 5_000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.deepEqual(JSON.parse(copied), mcp.value);
});

test("sanitize runs live", async () => {
  await byId("sanitize-in").fill("get user 😀");
  await assert.doesNotReject(
    page.waitForFunction(
      () => document.querySelector('[data-testid="sanitize-out"]').textContent === "get_user___",
      null,
      { timeout: 5_000 },
    ),
  );
  assert.equal(await byId("sanitize-out").textContent(), "get_user___");
});

test("no page errors, and a screenshot", async () => {
  // Leave the page showing the pre-filled example's result for the screenshot.
  await byId("example").selectOption("weather");
  assert.equal((await run()).state, "ok");
  assert.equal(await byId("page-errors").isHidden(), true);
  assert.deepEqual(problems, []);
  mkdirSync(join(root, "test-output"), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
});
