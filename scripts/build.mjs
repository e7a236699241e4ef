// Builds the publishable package into pkg/:
//
//   pkg/
//     package.json, README.md, LICENSE    from pkg-template/ (version from Cargo.toml)
//     index.d.ts, index.d.cts             the declarations wasm-bindgen generated from src/
//     node/                               CommonJS glue + the .wasm inlined as base64 (no file
//                                         read, so server bundles need no asset); index.cjs
//                                         bundled from pkg-template/src; index.mjs loads it
//                                         with createRequire and module.mjs (for bundlers) with
//                                         a static import, so import and require share one instance
//     web/                                ES module glue + the .wasm inlined as base64, so
//                                         browsers, workers and bundlers need no init call;
//                                         index.js bundled from pkg-template/src
//     edge/                               the entries for edge runtimes (workerd, edge-light):
//                                         the .wasm imported as a module, compiled at deploy
//
// The entries are bundled by scripts/entries.mjs.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { bundleEntries } from "./entries.mjs";
import { setup } from "./setup.mjs";
import { root, run } from "./util.mjs";

const template = join(root, "pkg-template");
const pkg = join(root, "pkg");
const out = join(root, "build");

function replaceOnce(text, search, replacement, file) {
  const at = text.indexOf(search);
  if (at < 0 || text.indexOf(search, at + 1) >= 0) {
    throw new Error(`build: expected exactly one ${JSON.stringify(search)} in ${file}`);
  }
  return text.slice(0, at) + replacement + text.slice(at + search.length);
}

export async function build({ browser = false } = {}) {
  const env = setup({ browser });

  for (const target of ["nodejs", "web"]) {
    run("wasm-pack", ["build", "--release", "--no-pack", "--target", target,
      "--out-dir", join(out, target), "--out-name", "toolnexus"], { env });
  }

  rmSync(pkg, { recursive: true, force: true });
  mkdirSync(join(pkg, "node"), { recursive: true });
  mkdirSync(join(pkg, "web"), { recursive: true });
  mkdirSync(join(pkg, "edge"), { recursive: true });

  // package.json: the template, with the crate's version.
  const version = readFileSync(join(root, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
  const manifest = JSON.parse(readFileSync(join(template, "package.json"), "utf8"));
  manifest.version = version;
  writeFileSync(join(pkg, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  for (const file of ["README.md", "LICENSE"]) cpSync(join(template, file), join(pkg, file));

  // Declarations: what wasm-bindgen wrote from the Rust exports and the custom section.
  const dts = readFileSync(join(out, "nodejs", "toolnexus.d.ts"), "utf8")
    .replace(/^\/\* tslint:disable \*\/\n/m, "")
    .replace(/^\/\* eslint-disable \*\/\n/m, "");
  writeFileSync(join(pkg, "index.d.ts"), dts);
  writeFileSync(join(pkg, "index.d.cts"), dts);

  // Node: the CommonJS glue, renamed .cjs because the package is "type": "module".
  const nodeGlue = readFileSync(join(out, "nodejs", "toolnexus.js"), "utf8");
  if (/require\(String\.raw`\.\/snippets/.test(nodeGlue)) throw new Error("build: JS snippets are not allowed");
  // Its wasm is the file beside it when there is one (an installed package: reading it is
  // about 1.2 ms faster at import than compiling and decoding the base64 module), else
  // toolnexus_wasm.cjs, the same bytes as base64, which a server bundle (esbuild
  // --platform=node, webpack target node) carries inside itself, with nothing to copy beside
  // it. The entry also needs the instance's raw exports (memory, the stack pointer, the
  // number-only exports), which the web glue's initSync returns and this glue keeps private.
  const nodeWasm = readFileSync(join(out, "nodejs", "toolnexus_bg.wasm"));
  let nodeCore = replaceOnce(
    nodeGlue.replace(/^\/\* @ts-self-types=.*\n/m, ""),
    "const wasmPath = `${__dirname}/toolnexus_bg.wasm`;\nconst wasmBytes = require('fs').readFileSync(wasmPath);",
    "let wasmBytes;\ntry {\n  wasmBytes = require('fs').readFileSync(`${__dirname}/toolnexus_bg.wasm`);\n} catch {\n  wasmBytes = require('./toolnexus_wasm.cjs');\n}", "node glue");
  writeFileSync(join(pkg, "node", "toolnexus_bg.wasm"), nodeWasm);
  nodeCore = replaceOnce(nodeCore, "\nwasm.__wbindgen_start();\n", "\nwasm.__wbindgen_start();\nexports.__wasm = wasm;\n", "node glue");
  writeFileSync(join(pkg, "node", "toolnexus.cjs"), nodeCore);
  writeFileSync(join(pkg, "node", "toolnexus_wasm.cjs"),
    `"use strict";\n// The WebAssembly core of toolnexus, base64-encoded.\nmodule.exports = Buffer.from("${nodeWasm.toString("base64")}", "base64");\n`);

  // Web: the ES module glue, whose own fetch-based loader is cut off from the .wasm path (the
  // bytes are inlined instead) so that bundlers find no asset reference to resolve.
  let webGlue = readFileSync(join(out, "web", "toolnexus.js"), "utf8").replace(/^\/\* @ts-self-types=.*\n/m, "");
  webGlue = replaceOnce(webGlue, "new URL('toolnexus_bg.wasm', import.meta.url)",
    "undefined; throw new Error('toolnexus loads its WebAssembly itself')", "web glue");
  writeFileSync(join(pkg, "web", "toolnexus.js"), webGlue);
  const wasm = readFileSync(join(out, "web", "toolnexus_bg.wasm"));
  writeFileSync(join(pkg, "web", "toolnexus_wasm.js"),
    `// The WebAssembly core of toolnexus, base64-encoded.\nexport default "${wasm.toString("base64")}";\n`);

  // Edge runtimes (Cloudflare workerd; Vercel's edge-light) compile no WebAssembly at run time:
  // they take a `.wasm` import, compiled when the code is deployed, as a WebAssembly.Module.
  // edge/index.js imports it as `./toolnexus_bg.wasm` (the form wrangler and plain workerd
  // bundles take), edge/light.js as `./toolnexus_bg.wasm?module` (the form Vercel's edge
  // functions document); both use web/'s glue (pkg-template/src/instance/).
  cpSync(join(out, "web", "toolnexus_bg.wasm"), join(pkg, "edge", "toolnexus_bg.wasm"));

  // The entries: the ES modules of pkg-template/src, bundled by esbuild (scripts/entries.mjs).
  const names = await bundleEntries(pkg, `// toolnexus ${version}: built from pkg-template/src/ by scripts/build.mjs`);
  writeFileSync(join(out, "exports.json"), JSON.stringify(names) + "\n");

  // Let examples/ and bench/ import "toolnexus" as a user does.
  const link = join(root, "node_modules", "toolnexus");
  rmSync(link, { recursive: true, force: true });
  if (existsSync(join(root, "node_modules"))) symlinkSync("../pkg", link, "dir");

  console.log(`build: pkg/ ready (toolnexus ${version}, wasm ${wasm.length} bytes)`);
  return env;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build({ browser: process.argv.includes("--browser") });
}
