// Builds the publishable package into pkg/:
//
//   pkg/
//     package.json, README.md, LICENSE    from pkg-template/ (version from Cargo.toml)
//     index.d.ts, index.d.cts             the declarations wasm-bindgen generated from src/
//     node/                               CommonJS glue + .wasm read from disk; index.cjs holds
//                                         tool.js; index.mjs loads index.cjs, so import and
//                                         require share one instance
//     web/                                ES module glue + the .wasm inlined as base64, so
//                                         browsers, workers and bundlers need no init call;
//                                         index.js holds tool.js
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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

export function build({ browser = false } = {}) {
  const env = setup({ browser });

  for (const target of ["nodejs", "web"]) {
    run("wasm-pack", ["build", "--release", "--no-pack", "--target", target,
      "--out-dir", join(out, target), "--out-name", "toolnexus"], { env });
  }

  rmSync(pkg, { recursive: true, force: true });
  mkdirSync(join(pkg, "node"), { recursive: true });
  mkdirSync(join(pkg, "web"), { recursive: true });

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

  // The API: one source file per area in pkg-template/ (tool.js: Tool, defineTool, sanitize;
  // each later area its own file), written into both entries where they say
  // `//# include FILE` (no extra modules to load at startup). Each file's `export` is dropped:
  // inside an entry its functions are plain declarations.
  const include = (file) => readFileSync(join(template, file), "utf8").replace(/^export function /gm, "function ");
  const entry = (file) => {
    const text = readFileSync(join(template, file), "utf8");
    if (!/^\/\/# include /m.test(text)) throw new Error(`build: ${file} includes nothing`);
    return text.replace(/^\/\/# include (\S+)\n/gm, (_, name) => include(name));
  };

  // Node: the CommonJS glue, renamed .cjs because the package is "type": "module".
  const nodeGlue = readFileSync(join(out, "nodejs", "toolnexus.js"), "utf8");
  if (/require\(String\.raw`\.\/snippets/.test(nodeGlue)) throw new Error("build: JS snippets are not allowed");
  // The entry also needs the instance's raw exports (memory, the stack pointer, the
  // number-only exports), which the web glue's initSync returns and this glue keeps private.
  writeFileSync(join(pkg, "node", "toolnexus.cjs"),
    replaceOnce(nodeGlue.replace(/^\/\* @ts-self-types=.*\n/m, ""), "\nwasm.__wbindgen_start();\n",
      "\nwasm.__wbindgen_start();\nexports.__wasm = wasm;\n", "node glue"));
  cpSync(join(out, "nodejs", "toolnexus_bg.wasm"), join(pkg, "node", "toolnexus_bg.wasm"));
  writeFileSync(join(pkg, "node", "index.cjs"), entry("node/index.cjs"));
  cpSync(join(template, "node", "index.mjs"), join(pkg, "node", "index.mjs"));

  // Web: the ES module glue, whose own fetch-based loader is cut off from the .wasm path (the
  // bytes are inlined instead) so that bundlers find no asset reference to resolve.
  let webGlue = readFileSync(join(out, "web", "toolnexus.js"), "utf8").replace(/^\/\* @ts-self-types=.*\n/m, "");
  webGlue = replaceOnce(webGlue, "new URL('toolnexus_bg.wasm', import.meta.url)",
    "undefined; throw new Error('toolnexus loads its WebAssembly itself')", "web glue");
  writeFileSync(join(pkg, "web", "toolnexus.js"), webGlue);
  const wasm = readFileSync(join(out, "web", "toolnexus_bg.wasm"));
  writeFileSync(join(pkg, "web", "toolnexus_wasm.js"),
    `// The WebAssembly core of toolnexus, base64-encoded.\nexport default "${wasm.toString("base64")}";\n`);
  writeFileSync(join(pkg, "web", "index.js"), entry("web/index.js"));

  // Let examples/ and bench/ import "toolnexus" as a user does.
  const link = join(root, "node_modules", "toolnexus");
  rmSync(link, { recursive: true, force: true });
  if (existsSync(join(root, "node_modules"))) symlinkSync("../pkg", link, "dir");

  console.log(`build: pkg/ ready (toolnexus ${version}, wasm ${wasm.length} bytes)`);
  return env;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build({ browser: process.argv.includes("--browser") });
}
