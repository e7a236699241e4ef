// The installed package in headless Chromium: a native ES module page with no bundler and no
// init call, a module worker, a production Vite build, an esbuild bundle, a webpack 5 build
// (target web) and a rollup bundle (tests/bundlers/ builds the last two). Run by `npm test` after the package
// suites, with TOOLNEXUS_CONSUMER (the fresh project the tarball went into) and TOOLNEXUS_TARBALL.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

import { CHROMIUM_ARGS, chromiumPath } from "../../scripts/browser.mjs";
import { serve } from "../../scripts/serve.mjs";
import { bundle, bundlerProject } from "../bundlers/project.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const consumer = process.env.TOOLNEXUS_CONSUMER ?? join(root, "build", "consumer");
const tarball = process.env.TOOLNEXUS_TARBALL;
const installed = join(consumer, "node_modules", "toolnexus");

let browser;
const servers = [];

before(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    // launch() gives each browser a fresh, empty profile directory of its own.
    args: CHROMIUM_ARGS,
  });
});

after(async () => {
  await browser?.close();
  for (const s of servers) s.close();
});

/** Opens `url` and returns the checks' results, failing on any page error. */
async function resultsAt(url) {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.__results !== undefined, null, { timeout: 20_000 });
    const results = await page.evaluate(() => window.__results);
    assert.deepEqual(problems, []);
    return results;
  } finally {
    await page.close();
  }
}

function assertAllPass(results, min = 9) {
  assert.ok(results.length >= min, `expected the full set of checks, got ${results.length}`);
  for (const [name, passed, detail] of results) assert.ok(passed, `${name}: ${detail}`);
}

describe("toolnexus in Chromium", () => {
  let base;
  before(async () => {
    // /decorator/: the decorator checks as tsc compiled them in the consumer project.
    const { server, url } = await serve({ "/node_modules/": join(consumer, "node_modules"),
      "/decorator/": join(consumer, "package", "decorator", "dist"), "/": join(here, "pages") });
    servers.push(server);
    base = url;
  });

  it("imports as a native ES module with no bundler and no init call", async () => {
    const results = await resultsAt(`${base}/index.html`);
    assertAllPass(results, 40);
    assert.ok(results.some(([name]) => name === "this is the instance, per instance"), "the decorator checks ran");
  });

  it("works in a module Web Worker", async () => {
    const results = await resultsAt(`${base}/worker.html`);
    assertAllPass(results, 40);
    assert.ok(results.some(([name]) => name === "this is the instance, per instance"), "the decorator checks ran");
  });

  it("the browser entry imports nothing from node: and reads no process", () => {
    const files = readdirSync(join(installed, "web")).map((f) => join(installed, "web", f));
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      assert.doesNotMatch(text, /from\s*["']node:|import\(\s*["']node:|require\(/, `${file} reaches for Node`);
      assert.doesNotMatch(text, /\bprocess\b/, `${file} reads process`);
      const imports = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]);
      if (file.endsWith("index.js")) assert.ok(imports.length >= 2, `${file}: the import scan found ${imports}`);
      for (const spec of imports) assert.match(spec, /^\.\.?\//, `${file} imports ${spec}`);
    }
  });

  /** A fresh app project (tests/browser/vite-app) with the tarball and `tool` installed. */
  function appWith(tool) {
    const app = join(root, "build", `${tool}-app`);
    rmSync(app, { recursive: true, force: true });
    mkdirSync(app, { recursive: true });
    cpSync(join(here, "vite-app"), app, { recursive: true });
    cpSync(join(here, "pages", "checks.js"), join(app, "checks.js"));
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies[tool];
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: `${tool}-app`, private: true, type: "module" }));
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `${tool}@${version}`],
      { cwd: app, encoding: "utf8" });
    assert.equal(npm.status, 0, npm.stderr);
    return app;
  }

  it("runs from a production Vite build with no plugins", { timeout: 240_000 }, async (t) => {
    if (!tarball) return t.skip("needs TOOLNEXUS_TARBALL (set by npm test)");
    const app = appWith("vite");
    const build = spawnSync(process.execPath, [join(app, "node_modules", "vite", "bin", "vite.js"), "build"],
      { cwd: app, encoding: "utf8" });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    const { server, url } = await serve({ "/": join(app, "dist") });
    servers.push(server);
    assertAllPass(await resultsAt(`${url}/index.html`));
  });

  it("runs from an esbuild bundle with no plugins", { timeout: 240_000 }, async (t) => {
    if (!tarball) return t.skip("needs TOOLNEXUS_TARBALL (set by npm test)");
    const app = appWith("esbuild");
    const dist = join(app, "dist");
    const build = spawnSync(join(app, "node_modules", ".bin", "esbuild"),
      ["main.js", "--bundle", "--format=esm", "--platform=browser", "--minify", `--outfile=${join(dist, "main.js")}`],
      { cwd: app, encoding: "utf8" });
    assert.equal(build.status, 0, build.stdout + build.stderr);
    cpSync(join(app, "index.html"), join(dist, "index.html"));
    const { server, url } = await serve({ "/": dist });
    servers.push(server);
    assertAllPass(await resultsAt(`${url}/index.html`));
  });

  for (const name of ["webpack-web", "rollup-web"]) {
    it(`runs from a ${name.replace("-web", "")} build with no plugins`, { timeout: 300_000 }, async (t) => {
      if (!tarball) return t.skip("needs TOOLNEXUS_TARBALL (set by npm test)");
      bundlerProject(tarball);
      const { dist, bundled } = bundle(name);
      // The browser entry, its glue, the core and the portable rules: never node/.
      assert.deepEqual(bundled, ["web/api.js", "web/index.js", "web/toolnexus.js", "web/toolnexus_rules_wasm.js", "web/toolnexus_wasm.js"]);
      const { server, url } = await serve({ "/": dist });
      servers.push(server);
      assertAllPass(await resultsAt(`${url}/index.html`));
    });
  }
});
