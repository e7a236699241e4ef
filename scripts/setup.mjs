// Installs whatever the build and the tests need and is not there yet. Every step checks
// first, so a warm machine passes through in a second and a fresh one in a few minutes.
//
//   node scripts/setup.mjs            the build toolchain and the npm dev dependencies
//   node scripts/setup.mjs --browser  the same, and a Chromium, a Firefox and a WebKit for the
//                                     browser tests (see browser.mjs: found, or installed as
//                                     root on Debian only)
//
// Versions are pinned: wasm-bindgen-cli to the exact wasm-bindgen of Cargo.lock, wasm-pack to
// WASM_PACK with --locked, the npm dev dependencies by package-lock.json. Nothing needs root
// except Debian's chromium, which is installed only when root on Debian.
import { existsSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

import { findChromium, findFirefox, findWebKit } from "./browser.mjs";
import { run, output, root } from "./util.mjs";

const cargoBin = join(homedir(), ".cargo", "bin");

/** The wasm-pack release the build is made with, when it has to be installed. */
const WASM_PACK = "0.15.1";

/** The environment every later step runs with: cargo's bin and binaryen's wasm-opt on PATH. */
export function toolEnv() {
  const path = [join(root, "node_modules", ".bin"), cargoBin, process.env.PATH].join(delimiter);
  return { ...process.env, PATH: path };
}

/** The exact wasm-bindgen version Cargo.lock resolved; the CLI must be the same. */
function lockedBindgenVersion() {
  const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
  const m = lock.match(/\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/);
  if (!m) throw new Error("Cargo.lock has no wasm-bindgen entry");
  return m[1];
}

function step(what, fn) {
  const t = Date.now();
  fn();
  console.log(`setup: ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

export function setup({ browser = false } = {}) {
  const env = toolEnv();

  if (!existsSync(join(root, "Cargo.lock"))) {
    step("Cargo.lock generated", () => run("cargo", ["generate-lockfile"], { env }));
  }

  const targets = output("rustup", ["target", "list", "--installed"], { env });
  if (!targets.split("\n").includes("wasm32-unknown-unknown")) {
    step("rust target wasm32-unknown-unknown installed", () =>
      run("rustup", ["target", "add", "wasm32-unknown-unknown"], { env }));
  }

  for (const [tool, component] of [["clippy", "clippy"], ["fmt", "rustfmt"]]) {
    if (!output("cargo", [tool, "--version"], { env, allowFail: true })) {
      step(`rust component ${component} installed`, () => run("rustup", ["component", "add", component], { env }));
    }
  }

  const want = lockedBindgenVersion();
  const have = output("wasm-bindgen", ["--version"], { env, allowFail: true }).trim().split(" ")[1];
  if (have !== want) {
    // No --locked: the registry copy here lacks a webpki-roots version the CLI's lockfile names.
    step(`wasm-bindgen-cli ${want} installed (was ${have ?? "missing"})`, () =>
      run("cargo", ["install", "wasm-bindgen-cli", "--version", want, "--force"], { env }));
  }

  if (!output("wasm-pack", ["--version"], { env, allowFail: true })) {
    step(`wasm-pack ${WASM_PACK} installed`, () =>
      run("cargo", ["install", "wasm-pack", "--version", WASM_PACK, "--locked"], { env }));
  }

  if (npmDepsStale()) {
    // `npm install`, not `npm ci`: the registry here lacks an optional, Windows-only dependency
    // of Vite, which `npm install` skips and `npm ci` refuses as a lockfile mismatch.
    step("npm dev dependencies installed", () =>
      run("npm", ["install", "--no-audit", "--no-fund"], { env, cwd: root }));
  }

  if (browser) {
    // CHROMIUM_PATH for the browser tests, or TOOLNEXUS_NO_BROWSER with the reason there is none.
    const found = findChromium({ install: true, env });
    if (found.path) {
      console.log(`setup: browser ${found.path} (${found.how})`);
      env.CHROMIUM_PATH = found.path;
    } else {
      env.TOOLNEXUS_NO_BROWSER = found.reason;
    }
    // The other engines: FIREFOX_PATH and WEBKIT_DRIVER_PATH, or the reason there is none.
    const firefox = findFirefox({ install: true, env });
    if (firefox.path) {
      console.log(`setup: Firefox ${firefox.path} (${firefox.how})`);
      env.FIREFOX_PATH = firefox.path;
    } else {
      env.TOOLNEXUS_NO_FIREFOX = firefox.reason;
    }
    const webkit = findWebKit({ install: true, env });
    if (webkit.path) {
      console.log(`setup: WebKit ${webkit.path} driving ${webkit.browser} (${webkit.how})`);
      env.WEBKIT_DRIVER_PATH = webkit.path;
    } else {
      env.TOOLNEXUS_NO_WEBKIT = webkit.reason;
    }
  }
  return env;
}

/** node_modules is missing, or older than the lockfile npm last installed from. */
function npmDepsStale() {
  const marker = join(root, "node_modules", ".package-lock.json");
  if (!existsSync(marker)) return true;
  return statSync(join(root, "package-lock.json")).mtimeMs > statSync(marker).mtimeMs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  setup({ browser: process.argv.includes("--browser") });
}
