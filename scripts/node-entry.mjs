// node/index.cjs, the Node.js entry (node/index.mjs loads it too), in parts: what `import` +
// `defineTool` + `execute` need is compiled at import, each other area when first used.
//
//   node/index.cjs         the modules of MAIN (the core, its glue and the reading of its
//                          bytes, Tool/defineTool/sanitize), and for every other export a
//                          function (a class: CLASSES) of the same name that loads its area
//   node/areas/<area>.cjs  the modules of one area (AREAS), loaded by `require` on the first
//                          call of one of its functions
//
// Each module is in one part only, so each keeps one state and one class identity. A module
// imports another part's module as follows:
//   - an area importing a MAIN module gets index.cjs's own bindings (live, through getters),
//     which index.cjs keeps under a symbol on its exports (not an export name);
//   - a module importing another area's module gets, for each name, a function that loads
//     that area and calls its function of that name (a class: see CLASSES). The build refuses
//     any other value there (an object), and a module of src/ listed in no part.
// Top-level statements of an area run when it loads (a module whose top level MAIN needs at
// import belongs to MAIN).
import { createRequire } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

import * as esbuild from "esbuild";

/** The modules compiled at import (paths under pkg-template/src/). */
const MAIN = [
  "index.js", "node.js", "core.js", "protocol.js", "well-formed.js", "instance/node.js",
  "tool.js", "tool-buffer.js", "tool-definition.js", "tool-result.js", "sanitize.js",
];

/** The areas each loaded on first use, and their modules. */
const AREAS = {
  decorator: ["decorator.js"],
  adapters: ["adapters.js"],
  toolkit: ["toolkit.js", "toolkit-dispatch.js", "toolkit-providers.js", "sources/skills.js", "sources/skills.node.js"],
  mcp: ["mcp.js"],
  // The HTTP-backed sources (httpTool and fromOpenAPI, fromA2A) and how their calls stop.
  http: ["sources/http.js", "sources/http.node.js", "sources/a2a.js", "sources/stop.js"],
  builtins: ["sources/builtins.node.js", "sources/builtins-bash.node.js"],
  "mcp-config": ["sources/mcp-config.node.js", "sources/mcp-server.node.js", "sources/mcp-stdio.node.js"],
};

/**
 * The classes exported from an area (by module): the other parts get a class of the same name
 * whose constructor loads the area and builds the area's class's instance with the caller's
 * prototype. When the area loads, its class's methods go onto that class's prototype and its
 * prototype inherits from it, so `instanceof` and the methods hold for instances made either
 * way (by `new`, a subclass, or the area's own functions: createToolkit).
 */
const CLASSES = { "toolkit.js": ["Toolkit"] };

const SHARED = 'Symbol.for("toolnexus.shared")';

/** The part a module of src/ belongs to: "main", an area's name, or undefined. */
function partOf(rel) {
  if (MAIN.includes(rel)) return "main";
  return Object.keys(AREAS).find((area) => AREAS[area].includes(rel));
}

/**
 * The esbuild plugin bundling one part: its own modules, the others' as described above.
 * @param {string} pkg the package directory being assembled
 * @param {string} src pkg-template/src
 * @param {string} part "main" or an area
 * @param {(rel: string) => Promise<string[]>} exportsOf a module's export names
 * @param {Map<string, string[]>} stubbed filled with each area's names other parts call
 */
function parts(pkg, src, part, exportsOf, stubbed) {
  const up = part === "main" ? "./" : "../";
  return {
    name: "toolnexus-node-parts",
    setup(b) {
      if (part === "main") {
        // index.cjs holds the core's glue and the reading of its bytes (one file to load, not
        // three); what they load later (the base64 copies, the Node.js-only rules) stays beside.
        const dir = join(pkg, "node");
        b.onResolve({ filter: /^\.\.?\// }, (args) => {
          const glue = /^\.\/toolnexus(_bytes)?\.cjs$/.test(args.path);
          if (args.importer === join(src, "instance", "node.js")) return glue ? { path: join(dir, args.path) } : undefined;
          if (!args.importer.startsWith(dir + sep)) return undefined;
          return glue ? { path: join(dir, args.path) } : { path: args.path, external: true };
        });
      }
      b.onResolve({ filter: /^\.\.?\//, namespace: "file" }, (args) => {
        if (!args.importer) return undefined;
        const rel = relative(src, resolve(args.resolveDir, args.path)).split(sep).join("/");
        if (rel.startsWith("..")) return undefined;
        const owner = partOf(rel);
        if (owner === undefined) {
          return { errors: [{ text: `${rel} is in no part of the Node.js entry: list it in scripts/node-entry.mjs` }] };
        }
        if (owner === part) return undefined;
        if (owner === "main") return { path: rel, namespace: "toolnexus-main" };
        return { path: rel, namespace: "toolnexus-area", pluginData: owner };
      });
      // The built files these parts name are beside them, left as they are.
      b.onResolve({ filter: /^\.\.?\/(index|areas\/[\w-]+)\.cjs$/ }, (args) => ({ path: args.path, external: true }));
      b.onLoad({ filter: /.*/, namespace: "toolnexus-main" }, (args) => ({
        contents: `module.exports = require("${up}index.cjs")[${SHARED}]()[${JSON.stringify(args.path)}];\n`,
        loader: "js",
      }));
      b.onLoad({ filter: /.*/, namespace: "toolnexus-area" }, async (args) => {
        const area = args.pluginData;
        // Only what a stub can stand for: a function, or a class listed in CLASSES (importing
        // any other value across parts fails the build: esbuild finds no such export).
        const ns = await import(pathToFileURL(join(src, args.path)).href);
        const names = (await exportsOf(args.path)).filter((name) => typeof ns[name] === "function" &&
          /^class\b/.test(Function.prototype.toString.call(ns[name])) === Boolean(CLASSES[args.path]?.includes(name)));
        const list = stubbed.get(area) ?? [];
        stubbed.set(area, [...new Set([...list, ...names])]);
        return {
          contents: `let area;\nconst load = () => (area ??= require("${up}areas/${area}.cjs"));\n` +
            names.map((name) => (CLASSES[args.path]?.includes(name)
              ? `export const ${name} = { ${name}: class {\n  constructor(...args) {\n    return Reflect.construct(load().${name}, args, new.target);\n  }\n} }.${name};\n`
              : `export const ${name} = { ${name}(...args) {\n  return load().${name}.apply(this, args);\n} }.${name};\n`)).join(""),
          loader: "js",
        };
      });
    },
  };
}

/**
 * Bundles node/index.cjs and node/areas/*.cjs into `pkg`.
 * @param {object} o
 * @param {string} o.pkg the package directory being assembled
 * @param {string} o.src pkg-template/src
 * @param {string} o.banner a comment line for the top of each file
 * @param {object} o.common esbuild's options shared by every entry
 * @param {esbuild.Plugin} o.own the plugin leaving the package's own built files as they are
 * @param {(rel: string) => Promise<string[]>} o.exportsOf a module's export names
 * @returns {Promise<Record<string, string>>} each written file's text, by path under `pkg`
 */
export async function bundleNode({ pkg, src, banner, common, own, exportsOf }) {
  const stubbed = new Map();
  const options = { ...common, format: "cjs", platform: "node", target: "node18" };
  const files = {};
  // MAIN: the export list (node.js), the core attached, and what the areas take from MAIN.
  // What the areas take is made when the first one loads: an object per module whose getters
  // read its bindings (live, as an import's are).
  const main = MAIN.filter((rel) => rel !== "index.js" && rel !== "node.js" && rel !== "instance/node.js");
  const names = await Promise.all(main.map((rel) => exportsOf(rel)));
  const entry = [
    'import "./instance/node.js"; // attaches the core',
    'export * from "./node.js";',
    ...main.map((rel, i) => `import { ${names[i].map((name) => `${name} as m${i}_${name}`).join(", ")} } from "./${rel}";`),
    "let shared;",
    `Object.defineProperty(module.exports, ${SHARED}, { value: () => (shared ??= {`,
    ...main.map((rel, i) => `  ${JSON.stringify(rel)}: { ${names[i].map((name) => `get ${name}() { return m${i}_${name}; }`).join(", ")} },`),
    "}) });",
  ].join("\n");
  const built = await esbuild.build({
    ...options, stdin: { contents: entry, resolveDir: src, sourcefile: "node/index.cjs", loader: "js" },
    outfile: join(pkg, "node", "index.cjs"), banner: { js: banner },
    plugins: [parts(pkg, src, "main", exportsOf, stubbed), own],
  });
  files["node/index.cjs"] = built.outputFiles[0].text;
  // The areas, each once any part calls into it (an area can call another: stubbed grows).
  const done = new Set();
  for (let pending; (pending = [...stubbed.keys()].filter((a) => !done.has(a))).length;) {
    for (const area of pending) {
      done.add(area);
      const text = [
        ...AREAS[area].map((rel) => `export * from "./${rel}";`),
        ...AREAS[area].flatMap((rel) => (CLASSES[rel] ?? []).map((name, i) => [
          `import { ${name} as C${i} } from "./${rel}";`,
          `{ const main = require("../index.cjs").${name}.prototype, own = C${i}.prototype;`,
          "  const methods = Object.getOwnPropertyDescriptors(own);",
          "  delete methods.constructor;",
          "  Object.defineProperties(main, methods);",
          "  Object.setPrototypeOf(own, main);",
          `  Object.defineProperty(own, "constructor", { value: main.constructor, writable: true, configurable: true }); }`,
        ].join("\n"))),
      ].join("\n");
      const out = await esbuild.build({
        ...options, stdin: { contents: text, resolveDir: src, sourcefile: `node/areas/${area}.cjs`, loader: "js" },
        outfile: join(pkg, "node", "areas", `${area}.cjs`),
        banner: { js: `${banner}\n// The ${area} area of node/index.cjs, loaded on first use (scripts/node-entry.mjs).` },
        plugins: [own, parts(pkg, src, area, exportsOf, stubbed)],
      });
      files[`node/areas/${area}.cjs`] = out.outputFiles[0].text;
    }
  }
  const unused = Object.keys(AREAS).filter((area) => !done.has(area));
  if (unused.length) throw new Error(`build: no part of the Node.js entry calls into ${unused.join(", ")} (scripts/node-entry.mjs)`);
  return { files, check: () => checkAreas(pkg, stubbed) };
}

/** Each name a part calls in an area is a plain function there, or a class listed in CLASSES. */
function checkAreas(pkg, stubbed) {
  const require = createRequire(join(pkg, "node", "index.cjs"));
  require("./index.cjs");
  for (const [area, names] of stubbed) {
    const api = require(`./areas/${area}.cjs`);
    const classes = Object.values(CLASSES).flat();
    const wrong = names.filter((name) => typeof api[name] !== "function" ||
      /^class\b/.test(Function.prototype.toString.call(api[name])) !== classes.includes(name));
    if (wrong.length) {
      throw new Error(`build: node/areas/${area}.cjs: ${wrong.join(", ")} ${wrong.length > 1 ? "are" : "is"} not a plain function; ` +
        "move the module to MAIN or into the importer's area (scripts/node-entry.mjs)");
    }
  }
}
