// The playground's OpenAPI tab in headless Chromium: the sample document, the Petstore pasted
// in, every provider's format shown, a Swagger 2.0 document refused on the page.
// Needs pkg/ built. Run from the repo: node --test tests/browser/openapi.test.mjs
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/browser.mjs";
import { startPlayground } from "../../scripts/www.mjs";

let server;
let context;
let page;
let profile;
const problems = [];

before(async () => {
  let url;
  ({ server, url } = await startPlayground({ port: 0 }));
  profile = mkdtempSync(join(tmpdir(), "toolnexus-openapi-"));
  context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  await page.goto(`${url}/`);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 });
  await page.getByTestId("view-openapi").click();
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const byId = (id) => page.getByTestId(id);

async function convert(text, baseUrl = "") {
  const before = Number(await byId("openapi-status").getAttribute("data-run"));
  if (text !== undefined) await byId("openapi-spec").fill(text);
  await byId("openapi-base").fill(baseUrl);
  await byId("openapi-convert").click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="openapi-status"]').dataset.run) > n, before);
  const status = byId("openapi-status");
  return { state: await status.getAttribute("data-state"), count: Number(await status.getAttribute("data-count")), text: await status.textContent() };
}

async function format(id) {
  await byId(`openapi-tab-${id}`).click();
  return JSON.parse(await byId("openapi-output").textContent());
}

test("the sample document becomes tools, shown in every format", async () => {
  assert.ok(await byId("openapi-spec").isVisible());
  const status = await byId("openapi-status").textContent();
  assert.match(status, /^3 tools in .* ms: listPets, createPet, showPetById$/);
  assert.deepEqual((await format("openai")).map((t) => t.function.name), ["listPets", "createPet", "showPetById"]);
  const strict = await format("openai-strict");
  assert.ok(strict.every((t) => t.function.strict === true));
  assert.deepEqual(strict[1].function.parameters.properties.tag.type, ["string", "null"]);
  assert.equal((await format("responses"))[0].name, "listPets");
  assert.deepEqual((await format("anthropic"))[2].input_schema.required, ["petId"]);
  assert.equal((await format("gemini"))[0].functionDeclarations.length, 3);
  assert.equal((await format("gemini-openapi"))[0].functionDeclarations[0].parameters.type, "OBJECT");
  assert.equal((await format("mcp"))[0].name, "listPets");
  assert.deepEqual(problems, []);
});

test("a pasted Petstore, then a Swagger 2.0 document refused on the page", async () => {
  const petstore = readFileSync(new URL("../fixtures/openapi/petstore.json", import.meta.url), "utf8");
  const ok = await convert(petstore, "https://pets.example.com");
  assert.equal(ok.state, "ok");
  assert.equal(ok.count, 4);
  assert.deepEqual((await format("mcp")).map((t) => t.name), ["findPets", "addPet", "find_pet_by_id", "deletePet"]);
  const swagger = await convert(JSON.stringify({ swagger: "2.0", info: {}, paths: {} }));
  assert.equal(swagger.state, "error");
  assert.match(swagger.text, /^TypeError: .*Swagger 2\.0/);
  assert.deepEqual(await format("openai"), []);
  const broken = await convert("{ not json");
  assert.equal(broken.state, "error");
  assert.deepEqual(problems, []);
});
