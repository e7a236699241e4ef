// Builds the publishable package into pkg/:
//
//   pkg/
//     package.json, README.md, LICENSE    from pkg-template/ (the Cargo workspace's version)
//     index.d.ts, index.d.cts             the declarations beside the modules of pkg-template/src
//     node/                               index.cjs bundled from pkg-template/src (index.mjs loads
//                                         it with createRequire and module.mjs, for bundlers,
//                                         with a static import, so import and require share one
//                                         instance); the CommonJS glue of the core; the
//                                         Node.js-only rules as base64 and toolnexus_bytes.cjs,
//                                         which reads the modules' bytes
//     web/                                ES module glue; the core and the portable rules inlined
//                                         as base64, so browsers, workers and bundlers need no
//                                         init call; index.js and api.js bundled from
//                                         pkg-template/src
//     edge/                               the entries for edge runtimes (workerd, edge-light):
//                                         the core and the portable rules as .wasm files,
//                                         imported as modules (compiled at deploy); Node.js
//                                         reads the same files
//
// The entries are bundled by scripts/entries.mjs.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { buildRules, checkRules } from "./rules.mjs";
import { setup } from "./setup.mjs";
import { publishTypes } from "./types.mjs";
import { output, root, run } from "./util.mjs";

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

/** The newest modification time among `paths` (files, or directories walked). */
function newest(paths) {
  let time = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    time = Math.max(time, stat.mtimeMs);
    if (stat.isDirectory()) time = Math.max(time, newest(readdirSync(path).map((name) => join(path, name))));
  }
  return time;
}

export async function build({ browser = false } = {}) {
  const env = setup({ browser });

  // wasm-pack for each target, unless its output is newer than every input of the crate.
  const inputs = newest([join(root, "src"), join(root, "Cargo.toml"), join(root, "Cargo.lock"), join(root, ".cargo"),
    join(root, "scripts", "rules.mjs")]);
  for (const target of ["nodejs", "web"]) {
    const wasmFile = join(out, target, "toolnexus_bg.wasm");
    if (existsSync(wasmFile) && statSync(wasmFile).mtimeMs > inputs) {
      console.log(`build: ${target} WebAssembly up to date`);
      continue;
    }
    // The core: the crate with no features (src/wasm/exports.rs through wasm-bindgen).
    run("wasm-pack", ["build", "--release", "--no-pack", "--no-typescript", "--target", target,
      "--out-dir", join(out, target), "--out-name", "toolnexus", "--", "--no-default-features"], { env });
  }
  // The rules modules (scripts/rules.mjs).
  const rules = buildRules(env, out, inputs);

  rmSync(pkg, { recursive: true, force: true });
  mkdirSync(join(pkg, "node"), { recursive: true });
  mkdirSync(join(pkg, "web"), { recursive: true });
  mkdirSync(join(pkg, "edge"), { recursive: true });

  // package.json: the template, with the crate's version.
  // The version is the Cargo workspace's, written once in the root Cargo.toml.
  const version = JSON.parse(output("cargo", ["metadata", "--format-version", "1", "--no-deps"], { env }))
    .packages.find((p) => p.name === "toolnexus").version;
  const manifest = JSON.parse(readFileSync(join(template, "package.json"), "utf8"));
  manifest.version = version;
  writeFileSync(join(pkg, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  for (const file of ["README.md", "LICENSE"]) cpSync(join(template, file), join(pkg, file));

  // Node: the CommonJS glue, renamed .cjs because the package is "type": "module".
  const nodeGlue = readFileSync(join(out, "nodejs", "toolnexus.js"), "utf8");
  if (/require\(String\.raw`\.\/snippets/.test(nodeGlue)) throw new Error("build: JS snippets are not allowed");
  // Its wasm, read by node/toolnexus_bytes.cjs (pkg-template/node/), is the edge entries' file,
  // edge/toolnexus_bg.wasm (the nodejs and web targets build the same bytes, checked below: one
  // .wasm file in the package), when there is one (an installed package: reading it is about
  // 1.2 ms faster at import than decoding base64), else web/toolnexus_wasm.js, the same bytes
  // as base64 (the browser entry's), which a server bundle (esbuild --platform=node, webpack
  // target node) carries inside itself, with nothing to copy beside it. The entry also needs
  // the instance's raw exports (memory, the stack pointer, the number-only exports), which the
  // web glue's initSync returns and this glue keeps private.
  const nodeWasm = readFileSync(join(out, "nodejs", "toolnexus_bg.wasm"));
  if (!nodeWasm.equals(readFileSync(join(out, "web", "toolnexus_bg.wasm")))) {
    throw new Error("build: the nodejs and web targets built different .wasm files; the package ships one");
  }
  if (/@ts-self-types/.test(nodeGlue)) throw new Error("build: the node glue references declarations (--no-typescript)");
  // The two remaining edits of wasm-bindgen's output (no flag does either) fail the build
  // when their anchor is not found exactly once.
  let nodeCore = replaceOnce(
    nodeGlue,
    "const wasmPath = `${__dirname}/toolnexus_bg.wasm`;\nconst wasmBytes = require('fs').readFileSync(wasmPath);",
    "const wasmBytes = require('./toolnexus_bytes.cjs').core();", "node glue");
  nodeCore = replaceOnce(nodeCore, "\nwasm.__wbindgen_start();\n", "\nwasm.__wbindgen_start();\nexports.__wasm = wasm;\n", "node glue");
  writeFileSync(join(pkg, "node", "toolnexus.cjs"), nodeCore);

  // Web: the ES module glue as wasm-bindgen writes it. `omit-default-module-path` (Cargo.toml)
  // leaves out its fallback `new URL("toolnexus_bg.wasm", import.meta.url)`, so bundlers find
  // no asset reference to resolve: the entries hand it the module.
  const webGlue = readFileSync(join(out, "web", "toolnexus.js"), "utf8");
  for (const [what, pattern] of [["an asset URL", /new URL\(/], ["a declarations reference", /@ts-self-types/]]) {
    if (pattern.test(webGlue)) throw new Error(`build: the web glue holds ${what}: check wasm-pack's flags (Cargo.toml)`);
  }
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

  // The portable rules: the edge entries' file (also what Node.js reads), and base64 for the
  // browser entry (and Node.js in a server bundle). The Node.js-only rules: base64 in node/,
  // one copy, which node/toolnexus_bytes.cjs (pkg-template/node/) decodes on first use.
  cpSync(rules.portable, join(pkg, "edge", "toolnexus_rules.wasm"));
  writeFileSync(join(pkg, "web", "toolnexus_rules_wasm.js"),
    `// The portable rules of toolnexus (a WebAssembly module), base64-encoded.\nexport default "${readFileSync(rules.portable).toString("base64")}";\n`);
  writeFileSync(join(pkg, "node", "toolnexus_node_wasm.cjs"),
    `// The Node.js-only rules of toolnexus (a WebAssembly module), base64-encoded.\nmodule.exports = "${readFileSync(rules.node).toString("base64")}";\n`);
  cpSync(join(template, "node", "toolnexus_bytes.cjs"), join(pkg, "node", "toolnexus_bytes.cjs"));

  // scripts/entries.mjs imports esbuild, a dev dependency: loaded here, after setup() has
  // installed the dev dependencies on a fresh clone.
  const { bundleEntries, writeProtocol } = await import("./entries.mjs");

  // The protocol the modules share with the core, generated from src/protocol/; each rules
  // module answers the domains it routes to it, and no other.
  writeProtocol(env);
  await checkRules(rules, join(template, "src", "protocol.js"));

  // The entries: the ES modules of pkg-template/src, bundled by esbuild (scripts/entries.mjs).
  const banner = `// toolnexus ${version}: built from pkg-template/src/ by scripts/build.mjs`;
  const names = await bundleEntries(pkg, banner);
  writeFileSync(join(out, "exports.json"), JSON.stringify(names) + "\n");
  // The declarations: the .d.ts beside each module, in one file (scripts/types.mjs).
  publishTypes(pkg, names, banner);

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
