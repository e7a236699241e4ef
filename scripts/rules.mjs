// The rules modules: the crate built for wasm32 with a rules feature, no wasm-bindgen (their
// door is four plain exports, src/wasm/door.rs), optimised by wasm-opt with the flags
// Cargo.toml gives wasm-pack for the core.
//
//   portable   the schema dialects, the Toolkit's wording, HTTP and OpenAPI, A2A, skills:
//              profile `wasm-portable` (release's opt-level 3: the dialects run on every new
//              tool list)
//   node       the builtin tools and MCP config files, for the Node.js entry only: profile
//              `wasm-node` (opt-level "z": they run on files and processes, and size counts)
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { output, root, run } from "./util.mjs";

const MODULES = {
  portable: { features: "portable", profile: "wasm-portable" },
  node: { features: "node", profile: "wasm-node" },
};

/** The wasm-opt flags of Cargo.toml (`package.metadata.wasm-pack.profile.release`). */
function optFlags(env) {
  const meta = JSON.parse(output("cargo", ["metadata", "--format-version", "1", "--no-deps"], { env }))
    .packages.find((p) => p.name === "toolnexus").metadata;
  const flags = meta?.["wasm-pack"]?.profile?.release?.["wasm-opt"];
  if (!Array.isArray(flags)) throw new Error("build: no wasm-opt flags in Cargo.toml's package.metadata.wasm-pack");
  return flags;
}

/**
 * Builds each rules module into `out/rules/<name>.wasm` unless it is newer than `inputs` (the
 * newest modification time of the crate's inputs); answers the files by name.
 */
export function buildRules(env, out, inputs) {
  const dir = join(out, "rules");
  mkdirSync(dir, { recursive: true });
  const files = {};
  let flags;
  for (const [name, { features, profile }] of Object.entries(MODULES)) {
    const file = join(dir, `${name}.wasm`);
    files[name] = file;
    if (existsSync(file) && statSync(file).mtimeMs > inputs) {
      console.log(`build: the ${name} rules module is up to date`);
      continue;
    }
    run("cargo", ["build", "--lib", "--target", "wasm32-unknown-unknown", "--profile", profile,
      "--no-default-features", "--features", features], { env });
    const target = env.CARGO_TARGET_DIR ?? join(root, "target");
    const built = join(target, "wasm32-unknown-unknown", profile, "toolnexus.wasm");
    flags ??= optFlags(env);
    // Past Cargo.toml's flags: passes repeated while they shrink the module, and the custom
    // sections (producers, target features) that no runtime reads.
    const more = ["--converge", "--strip-producers", "--strip-target-features"];
    run("wasm-opt", [built, "-o", file, ...flags.map((f) => (f === "-O3" && profile === "wasm-node" ? "-Oz" : f)), ...more], { env });
    const module = new WebAssembly.Module(readFileSync(file));
    const imports = WebAssembly.Module.imports(module);
    if (imports.length) throw new Error(`build: the ${name} rules module imports ${imports.map((i) => i.name)}; it must import nothing`);
    const exports = WebAssembly.Module.exports(module).map((e) => e.name);
    for (const want of ["memory", "alloc_bytes", "free_bytes", "call", "answer_len"]) {
      if (!exports.includes(want)) throw new Error(`build: the ${name} rules module does not export ${want}`);
    }
  }
  return files;
}

/** Runs `op` in a rules instance through its door, as pkg-template/src/core.js does. */
function ask(exports, op) {
  const encoder = new TextEncoder();
  const put = (text) => {
    const bytes = encoder.encode(text);
    const at = exports.alloc_bytes(bytes.length);
    new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
    return [at, bytes.length];
  };
  const [name, nameLength] = put(op);
  const [input, inputLength] = put("{}");
  const at = exports.call(name, nameLength, input, inputLength, 0, 0) >>> 0;
  const length = exports.answer_len() >>> 0;
  const answer = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, at, length));
  exports.free_bytes(name, nameLength);
  exports.free_bytes(input, inputLength);
  return answer;
}

/**
 * Holds each built module to the domains the generated protocol module routes to it
 * (pkg-template/src/protocol.js, from src/ops/): each answers an operation of every domain of
 * its own and none of the other module's (`names` is in both).
 */
export async function checkRules(files, protocolFile) {
  const { NODE_DOMAINS, PORTABLE_DOMAINS } = await import(pathToFileURL(protocolFile).href);
  const own = { portable: PORTABLE_DOMAINS, node: [...NODE_DOMAINS, "names"] };
  for (const [name, file] of Object.entries(files)) {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
    for (const domain of new Set([...NODE_DOMAINS, ...PORTABLE_DOMAINS])) {
      const answered = !ask(exports, `${domain}.no_such_op`).includes("no rules for the domain");
      if (answered !== own[name].includes(domain)) {
        throw new Error(`build: the ${name} rules module ${answered ? "answers" : "lacks"} the domain ${domain} (src/ops/mod.rs)`);
      }
    }
  }
}
