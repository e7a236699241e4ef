// Builds the apps of this folder with one bundler, the way an application would, with no
// plugin for toolnexus. Runs inside the bundler project (build/bundlers), where the bundlers
// and the packed toolnexus are installed.
//
//   node bundle.mjs <name>    writes dist/<name>/ and prints the toolnexus files bundled, as JSON
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const here = resolve(".");
const name = process.argv[2] ?? "";
const dist = join(here, "dist", name);
mkdirSync(dist, { recursive: true });

/** The package files a build took in, relative to the installed package. */
const ofToolnexus = (files) => files.map((f) => relative(join(here, "node_modules", "toolnexus"), resolve(here, f)))
  .filter((f) => !f.startsWith("..")).sort();

async function esbuild(entry, options) {
  const { build } = await import("esbuild");
  const result = await build({ entryPoints: [entry], bundle: true, metafile: true, logLevel: "warning", ...options });
  return ofToolnexus(Object.keys(result.metafile.inputs));
}

async function webpack(entry, target, filename) {
  const { default: webpack } = await import("webpack");
  const compiler = webpack({
    mode: "production",
    target,
    context: here,
    entry: `./${entry}`,
    output: { path: dist, filename },
    performance: { hints: false },
  });
  const stats = await new Promise((ok, fail) => compiler.run((e, s) => (e ? fail(e) : ok(s))));
  await new Promise((ok) => compiler.close(ok));
  if (stats.hasErrors() || stats.hasWarnings()) throw new Error(stats.toString("errors-warnings"));
  const modules = stats.toJson({ modules: true }).modules ?? [];
  return ofToolnexus(modules.map((m) => m.nameForCondition ?? m.name).filter((f) => typeof f === "string"));
}

async function rollup(entry) {
  const { rollup } = await import("rollup");
  const { nodeResolve } = await import("@rollup/plugin-node-resolve");
  const warnings = [];
  const bundle = await rollup({ input: entry, plugins: [nodeResolve({ browser: true })], onwarn: (w) => warnings.push(String(w)) });
  await bundle.write({ file: join(dist, "main.js"), format: "es" });
  const files = bundle.watchFiles;
  await bundle.close();
  if (warnings.length) throw new Error(warnings.join("\n"));
  return ofToolnexus(files);
}

const builds = {
  "esbuild-node-esm": () => esbuild("node-main.mjs", { platform: "node", format: "esm", outfile: join(dist, "main.mjs") }),
  "esbuild-node-cjs": () => esbuild("node-main.cjs", { platform: "node", format: "cjs", outfile: join(dist, "main.cjs") }),
  "webpack-node": () => webpack("node-main.mjs", "node", "main.cjs"),
  "webpack-web": () => webpack("browser-main.js", "web", "main.js"),
  "rollup-web": () => rollup("browser-main.js"),
  // A Cloudflare Worker, bundled as wrangler does (the workerd condition; a `.wasm` import stays
  // a module of its own). "worker-web" leaves the condition out, so it gets the browser entry.
  "workerd": () => esbuild("worker.js", {
    platform: "neutral", format: "esm", conditions: ["workerd", "worker", "browser"],
    loader: { ".wasm": "copy" }, assetNames: "[name]", outfile: join(dist, "worker.js"),
  }),
  "worker-web": () => esbuild("worker.js", {
    platform: "neutral", format: "esm", conditions: ["worker", "browser"], outfile: join(dist, "worker.js"),
  }),
  // An edge function, bundled as Next.js bundles middleware: the edge-light condition, one
  // script, and each `.wasm?module` import turned into a global binding that the runtime fills
  // with a compiled WebAssembly.Module (dist/bindings.json: binding name -> .wasm file).
  "edge-light": () => edgeLight(["edge-light", "worker", "browser"]),
  "edge-light-web": () => edgeLight(["worker", "browser"]),
};

async function edgeLight(conditions) {
  const bindings = {};
  const wasmBindings = {
    name: "wasm-bindings",
    setup(build) {
      build.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({
        path: resolve(args.resolveDir, args.path.replace(/\?module$/, "")), namespace: "wasm-binding",
      }));
      build.onLoad({ filter: /.*/, namespace: "wasm-binding" }, (args) => {
        const file = args.path.split(/[\\/]/).pop();
        const binding = `wasm_${file.replace(/\W/g, "_")}`;
        bindings[binding] = file;
        copyFileSync(args.path, join(dist, file));
        return { contents: `export default globalThis[${JSON.stringify(binding)}];`, loader: "js", watchFiles: [args.path] };
      });
    },
  };
  const files = await esbuild("edge-light.js", {
    platform: "neutral", format: "iife", conditions, plugins: [wasmBindings], outfile: join(dist, "main.js"),
  });
  writeFileSync(join(dist, "bindings.json"), JSON.stringify(bindings));
  return files;
}

if (!builds[name]) throw new Error(`bundle.mjs: unknown build ${name}; one of ${Object.keys(builds).join(", ")}`);
const bundled = await builds[name]();
if (name.endsWith("-web")) copyFileSync(join(here, "index.html"), join(dist, "index.html"));
console.log(JSON.stringify(bundled));
