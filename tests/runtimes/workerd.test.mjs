// Cloudflare's workerd (from npm) serving a Worker that imports toolnexus through the package's
// `workerd` condition: an entry that imports its `.wasm` as a module, which the runtime compiles
// when it loads the Worker, as Cloudflare's hosted Workers require: they refuse to compile
// WebAssembly from bytes at run time. workerd run locally allows it, so the Worker first
// imports worker/no-compile.js, which refuses it the same way.
// Run by `npm test` with TOOLNEXUS_TARBALL and TOOLNEXUS_WORKERD set.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, readdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { bundle, bundlerProject } from "../bundlers/project.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const tarball = process.env.TOOLNEXUS_TARBALL;
const workerd = process.env.TOOLNEXUS_WORKERD;

/** A TCP port that was free a moment ago. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    }).on("error", reject);
  });
}

/** workerd's config for the bundle in `dist`: worker.js (the main module, first) and each .wasm beside it. */
function writeConfig(dist, port) {
  const modules = [`(name = "worker.js", esModule = embed "worker.js")`,
    ...readdirSync(dist).filter((file) => file.endsWith(".wasm")).map((file) => `(name = "${file}", wasm = embed "${file}")`)];
  const config = join(dist, "config.capnp");
  writeFileSync(config, `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${modules.join(", ")}],
  compatibilityDate = "2026-11-01",
);
`);
  return config;
}

/** Serves the bundle in `dist` with workerd and returns the first answer (or the failure). */
async function serveAndFetch(dist) {
  const port = await freePort();
  const config = writeConfig(dist, port);
  const child = spawn(workerd, ["serve", config], { cwd: dist, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) break;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        return { status: response.status, body: await response.text(), log };
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100)); // not listening yet
      }
    }
    return { status: undefined, body: "", log: `${log}\n(workerd exited with ${child.exitCode})` };
  } finally {
    child.kill();
    await exited;
  }
}

describe("Cloudflare workerd", { skip: !tarball || !workerd ? "needs TOOLNEXUS_TARBALL and TOOLNEXUS_WORKERD (set by npm test)" : false }, () => {
  function bundled(name) {
    const project = bundlerProject(tarball);
    for (const file of ["worker.js", "no-compile.js"]) cpSync(join(here, "worker", file), join(project, file));
    return bundle(name);
  }

  it("serves a Worker that defines, executes and sanitizes (workerd condition, .wasm module)", { timeout: 120_000 }, async () => {
    const { dist, bundled: files } = bundled("workerd");
    assert.deepEqual(files, ["edge/index.js", "edge/toolnexus_bg.wasm", "edge/toolnexus_rules.wasm", "web/api.js", "web/toolnexus.js"]);
    const { status, body, log } = await serveAndFetch(dist);
    assert.equal(status, 200, `${body}\n${log}`);
    const results = JSON.parse(body);
    assert.ok(results.length >= 9, `the full set of checks: ${results.length}`);
    for (const [check, passed, detail] of results) assert.ok(passed, `${check}: ${detail}`);
  });

  it("needs that condition: without it, the browser entry's compile from bytes is refused", { timeout: 120_000 }, async () => {
    const { dist, bundled: files } = bundled("worker-web");
    assert.ok(files.includes("web/index.js"), `bundled: ${files}`);
    const { status, body, log } = await serveAndFetch(dist);
    assert.notEqual(status, 200, `the browser entry was expected to fail: ${body}`);
    assert.match(`${body}\n${log}`, /Wasm code generation disallowed by embedder/);
  });
});
