// The package's entries, bundled by esbuild from the ES modules in pkg-template/src/ (the layout
// is described at the top of pkg-template/src/index.js and in the README's layout section):
//
//   pkg/node/index.cjs     src/entries/node.js        CommonJS, Node.js 18+: what import +
//                                                     defineTool + execute need; the other
//                                                     areas in pkg/node/areas/*.cjs, each loaded
//                                                     on first use (scripts/node-entry.mjs)
//   pkg/node/index.mjs     written here               createRequire("./index.cjs"), the names listed
//   pkg/node/module.mjs    src/entries/node.js        the same as an ES module (bundlers)
//   pkg/web/index.js       src/entries/web.js         ES module, ES2022
//   pkg/edge/index.js      src/entries/edge.js        the same, the core as a `.wasm` import
//   pkg/edge/light.js      src/entries/edge-light.js  the same, as `.wasm?module`
//   pkg/web/api.js         the modules the three ES entries share (esbuild's code splitting)
//
// Import specifiers naming the built package's own files (`./toolnexus.js`,
// `../web/toolnexus.js`, `./toolnexus_bg.wasm?module`, …) are left as written. The browser and
// edge entries export the Node.js-only names (what src/node.js adds to src/index.js) as
// functions that throw a TypeError, and the build fails if any module they hold imports
// `node:*` or any module listed only by src/node.js.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, sep } from "node:path";

import * as esbuild from "esbuild";

import { bundleNode } from "./node-entry.mjs";
import { output, root } from "./util.mjs";

const src = join(root, "pkg-template", "src");

/** The built package's own files, named relative to the entry that imports them. */
const OWN = /^\.\.?\/(?:web\/)?toolnexus(?:_wasm|_bg|_bytes|_rules|_rules_wasm)?\.(?:c?js|wasm(?:\?module)?)$/;
const NODE_ONLY = "toolnexus:node-only";

/** The runtimes the Node.js-only exports need, as their stubs say. */
const NODE_RUNTIMES = "Node.js, Bun or Deno";

const common = {
  bundle: true,
  write: false,
  metafile: true,
  logLevel: "silent",
  // pkg-template/package.json says "sideEffects": false for users' bundlers; here each entry's
  // first import is kept for its effect (it attaches the core).
  ignoreAnnotations: true,
  legalComments: "none",
};

function ownFiles(stubs) {
  return {
    name: "toolnexus-own-files",
    setup(b) {
      b.onResolve({ filter: OWN }, (args) => ({ path: args.path, external: true }));
      b.onResolve({ filter: /^toolnexus:node-only$/ }, () => ({ path: NODE_ONLY, namespace: "toolnexus" }));
      b.onLoad({ filter: /.*/, namespace: "toolnexus" }, () => ({ contents: stubs ?? "", loader: "js" }));
    },
  };
}

/** Refuses `node:*` (and bare Node.js built-ins) in the browser and edge entries. */
const noNode = {
  name: "toolnexus-no-node",
  setup(b) {
    b.onResolve({ filter: /^node:|^(fs|path|child_process|os|module|url|process|stream|events)(\/|$)/ }, (args) => ({
      errors: [{
        text: `${relative(root, args.importer)} imports ${args.path}: the browser and edge entries never hold Node.js ` +
          "code; export what needs it from pkg-template/src/node.js (a module of its own, e.g. sources/<name>.node.js)",
      }],
    }));
  },
};

/**
 * pkg-template/src/protocol.js: every code and constant the modules share with the core,
 * written by src/protocol/ (`cargo run --bin protocol`); not committed.
 */
export function writeProtocol(env) {
  const text = output("cargo", ["run", "--quiet", "--bin", "protocol"], { env });
  if (!text.includes("export const STEP_")) throw new Error("build: cargo run --bin protocol wrote no protocol");
  writeFileSync(join(src, "protocol.js"), text);
}

/** The names a module exports, from esbuild's own reading of it. */
async function exportsOf(file) {
  const result = await esbuild.build({
    ...common, entryPoints: [join(src, file)], outdir: "/out", format: "esm", platform: "node", target: "node18",
    plugins: [ownFiles("")],
  });
  return Object.values(result.metafile.outputs)[0].exports;
}

/**
 * Bundles the entries into `pkg`. Returns the export list (every entry's, sorted as written).
 * @param {string} pkg the package directory being assembled
 * @param {string} banner a comment line for the top of each entry
 */
export async function bundleEntries(pkg, banner) {
  const everywhere = await exportsOf("index.js");
  const all = await exportsOf("node.js");
  const nodeOnly = all.filter((name) => !everywhere.includes(name));
  const stubs = "export {};\nconst need = (name) => new TypeError(`toolnexus: ${name} needs " + NODE_RUNTIMES +
    " (it reaches files or processes); this is the package's browser and edge entry`);\n" +
    nodeOnly.map((name) => `export function ${name}() {\n  throw need(${JSON.stringify(name)});\n}\n`).join("");

  // Node.js: node/index.cjs, holding what import + defineTool + execute need, and
  // node/areas/*.cjs, each area loaded on first use (scripts/node-entry.mjs).
  const known = new Map();
  const node = await bundleNode({
    pkg, src, banner, common, own: ownFiles(),
    exportsOf: (rel) => known.get(rel) ?? known.set(rel, exportsOf(rel)).get(rel),
  });
  mkdirSync(join(pkg, "node", "areas"), { recursive: true });
  for (const [file, text] of Object.entries(node.files)) writeFileSync(join(pkg, file), text);

  // Browsers and edge runtimes: three small entries (each its instance) and one shared chunk,
  // web/api.js, holding the modules.
  const shared = await esbuild.build({
    ...common, format: "esm", platform: "neutral", target: "es2022", plugins: [noNode, ownFiles(stubs)],
    splitting: true, outdir: pkg, chunkNames: "web/api", banner: { js: banner },
    entryPoints: { "web/index": join(src, "entries", "web.js"), "edge/index": join(src, "entries", "edge.js"),
      "edge/light": join(src, "entries", "edge-light.js") },
  });
  const files = shared.outputFiles.map((f) => relative(pkg, f.path).split(sep).join("/")).sort();
  const expected = ["edge/index.js", "edge/light.js", "web/api.js", "web/index.js"];
  if (files.join() !== expected.join()) throw new Error(`build: the browser and edge bundling wrote ${files}, not ${expected}`);
  for (const [out, meta] of Object.entries(shared.metafile.outputs)) {
    const leaked = Object.keys(meta.inputs).map((input) => relative(src, join(root, input)).split(sep).join("/"))
      .filter((input) => input === "node.js" || /\.node\.js$/.test(input));
    if (leaked.length) throw new Error(`build: ${out} holds Node.js-only modules: ${leaked.join(", ")}`);
    if (!meta.entryPoint) continue;
    const missing = all.filter((name) => !meta.exports.includes(name));
    const extra = meta.exports.filter((name) => !all.includes(name));
    if (missing.length || extra.length) {
      throw new Error(`build: ${out} exports differ from src/node.js: missing ${missing}, extra ${extra}`);
    }
  }
  for (const file of shared.outputFiles) writeFileSync(file.path, file.text);

  // Node's `import`: the CommonJS entry through createRequire, so that `import` and `require`
  // share one instance without the ESM-to-CommonJS translation step (about 3 ms at startup).
  writeFileSync(join(pkg, "node", "index.mjs"), `${banner}\n` +
    "// Node.js, ES modules: the CommonJS entry, loaded through `require` so that `import` and\n" +
    "// `require` in one process share its single instance (Node's CommonJS cache), without the\n" +
    "// ESM-to-CommonJS translation step.\n" +
    'import { createRequire } from "node:module";\n\n' +
    'const api = createRequire(import.meta.url)("./index.cjs");\n\n' +
    `export const { ${all.join(", ")} } = api;\n`);
  checkLexer(join(pkg, "node"), all);
  // node/module.mjs, the entry of the `module` condition, which bundlers (esbuild, webpack,
  // rollup) use and Node does not: the same modules as an ES module, so that a bundle in ES
  // module form sees every `node:*` import statically (a `require("node:fs")` inside a
  // CommonJS module cannot be kept in an ES module bundle).
  const module = await esbuild.build({
    ...common, format: "esm", platform: "node", target: "node18", plugins: [ownFiles()],
    entryPoints: [join(src, "entries", "node.js")], outfile: join(pkg, "node", "module.mjs"),
    banner: { js: `${banner}\n// Node.js code for bundlers (the \`module\` condition).` },
  });
  writeFileSync(join(pkg, "node", "module.mjs"), module.outputFiles[0].text);
  checkNames(join(pkg, "node", "index.cjs"), all);
  node.check();
  return all;
}

/**
 * Node's loader would find the names in index.cjs with cjs-module-lexer if it ever imported it
 * statically: check each name with it.
 */
function checkLexer(dir, names) {
  const { initSync, parse } = createRequire(join(root, "package.json"))("cjs-module-lexer");
  initSync();
  const found = new Set(parse(readFileSync(join(dir, "index.cjs"), "utf8")).exports);
  const missed = names.filter((name) => !found.has(name));
  if (missed.length) throw new Error(`build: cjs-module-lexer does not see ${missed.join(", ")} in node/index.cjs`);
}

/** Loads the built CommonJS entry once: each export is there, and each function keeps its name. */
function checkNames(file, names) {
  const api = createRequire(import.meta.url)(file);
  const wrong = names.filter((name) => api[name] === undefined || (typeof api[name] === "function" && api[name].name !== name));
  if (wrong.length) throw new Error(`build: node/index.cjs: ${wrong.join(", ")} missing or renamed by the bundling`);
}
