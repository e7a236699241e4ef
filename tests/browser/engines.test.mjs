// The installed package in the other browser engines: the same pages as in Chromium
// (tests/browser/pages: the web entry as a native ES module page, and in a module worker), in
// Firefox over WebDriver BiDi (puppeteer-core, no geckodriver) and in WebKit (WebKitGTK's
// MiniBrowser through WebKitWebDriver and selenium-webdriver, on a virtual display from
// xvfb-run). Run by `npm test` with TOOLNEXUS_CONSUMER (the fresh project the tarball went
// into); FIREFOX_PATH and WEBKIT_DRIVER_PATH as setup found them (scripts/browser.mjs), or
// TOOLNEXUS_NO_FIREFOX / TOOLNEXUS_NO_WEBKIT with the reason there is none: a skip, except
// under CI=true, where a missing engine fails.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { findFirefox, findWebKit } from "../../scripts/browser.mjs";
import { serve } from "../../scripts/serve.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));
const consumer = process.env.TOOLNEXUS_CONSUMER ?? join(root, "build", "consumer");
const PAGES = ["index.html", "worker.html"];

let base;
let server;
before(async () => {
  // The mounts of the Chromium suite: the installed package, the decorator checks as tsc
  // compiled them in the consumer project, and the pages.
  ({ server, url: base } = await serve({ "/node_modules/": join(consumer, "node_modules"),
    "/decorator/": join(consumer, "package", "decorator", "dist"), "/": join(here, "pages") }));
});
after(() => server?.close());

function assertAllPass(results) {
  assert.ok(Array.isArray(results) && results.length >= 40, `expected the full set of checks, got ${JSON.stringify(results)?.slice(0, 200)}`);
  for (const [name, passed, detail] of results) assert.ok(passed, `${name}: ${detail}`);
  assert.ok(results.some(([name]) => name === "this is the instance, per instance"), "the decorator checks ran");
}

/** The engine `find` gives, or a skip with the reason (a failure under CI=true). */
function engine(t, name, find, variable) {
  const found = process.env[variable] ? { reason: process.env[variable] } : find();
  if (found.path) return found;
  if (process.env.CI === "true") assert.fail(`${name}: ${found.reason}; CI=true needs every browser engine`);
  t.skip(`${name}: ${found.reason}`);
  return undefined;
}

describe("toolnexus in Firefox (WebDriver BiDi)", () => {
  let browser;
  let profile;
  after(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  for (const page of PAGES) {
    it(`runs ${page}`, { timeout: 60_000 }, async (t) => {
      if (!browser) {
        const found = engine(t, "Firefox", findFirefox, "TOOLNEXUS_NO_FIREFOX");
        if (!found) return;
        const { default: puppeteer } = await import("puppeteer-core");
        profile = mkdtempSync(join(tmpdir(), "toolnexus-firefox-"));
        browser = await puppeteer.launch({ browser: "firefox", executablePath: found.path, headless: true, userDataDir: profile });
      }
      const tab = await browser.newPage();
      const problems = [];
      tab.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
      tab.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
      tab.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
      try {
        await tab.goto(`${base}/${page}`);
        await tab.waitForFunction(() => window.__results !== undefined, { timeout: 20_000 });
        const results = await tab.evaluate(() => window.__results);
        assert.deepEqual(problems, []);
        assertAllPass(results);
      } finally {
        await tab.close();
      }
    });
  }
});

/** A free port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

describe("toolnexus in WebKit (WebKitGTK MiniBrowser, WebDriver)", () => {
  let driverProcess;
  let driver;
  after(async () => {
    await driver?.quit().catch(() => {});
    // The driver, the display and every web process MiniBrowser started: one process group.
    if (driverProcess?.exitCode === null) {
      try {
        process.kill(-driverProcess.pid, "SIGTERM");
      } catch {}
      const exited = new Promise((resolve) => driverProcess.once("exit", resolve));
      const timer = setTimeout(() => {
        try {
          process.kill(-driverProcess.pid, "SIGKILL");
        } catch {}
      }, 3000);
      await exited;
      clearTimeout(timer);
    }
  });

  async function start(found) {
    const port = await freePort();
    // A display of its own (MiniBrowser's own headless mode hangs), in a process group of its
    // own, so that ending the group ends everything it started.
    driverProcess = spawn("xvfb-run", ["-a", found.path, `--port=${port}`, "--host=127.0.0.1"],
      { detached: true, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    driverProcess.stderr.on("data", (d) => (stderr += d).length > 4096 && (stderr = stderr.slice(-4096)));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (driverProcess.exitCode !== null) assert.fail(`WebKitWebDriver exited: ${stderr}`);
      try {
        if ((await fetch(`${url}/status`)).ok) break;
      } catch {}
      if (i > 100) assert.fail(`WebKitWebDriver did not answer on ${url}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const { Builder } = await import("selenium-webdriver");
    driver = await new Builder().usingServer(url).withCapabilities({
      browserName: "MiniBrowser",
      "webkitgtk:browserOptions": { binary: found.browser, args: ["--automation"] },
    }).build();
  }

  for (const page of PAGES) {
    it(`runs ${page}`, { timeout: 60_000 }, async (t) => {
      if (!driver) {
        const found = engine(t, "WebKit", findWebKit, "TOOLNEXUS_NO_WEBKIT");
        if (!found) return;
        await start(found);
      }
      // A page error is recorded as the page's answer; a page that never sets its results
      // times out the wait below.
      await driver.get(`${base}/${page}`);
      await driver.wait(() => driver.executeScript("return window.__results !== undefined"), 20_000);
      const results = await driver.executeAsyncScript(
        "const done = arguments[arguments.length - 1];" +
        "window.__results.then(done, (e) => done([['the page', false, String(e && e.stack || e)]]));");
      assertAllPass(results);
    });
  }
});
