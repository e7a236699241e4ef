// The Python package (python/), for `npm test` (section "python"):
//
//  1. cargo test of the rules it shares with the wasm build and of its own (root crate, with
//     its host clippy), and fmt/clippy of the extension crate (python/rust)
//  2. a fresh venv (build/python/venv), `pip install ./python` plus pytest, hypothesis and
//     mypy, and the provider SDKs the tests and python/examples use (openai, anthropic,
//     google-genai, mcp; each where it installs), then pytest over python/tests (mypy must be
//     there: the seeds' type check runs). The examples run there, and the cross-package test
//     compares this package's answers with the built pkg/'s.
//  3. the wheel built once (`pip wheel ./python`), installed into a fresh venv of every
//     CPython 3.9+ that `pyenv versions` lists, with pytest and hypothesis, and the smoke
//     (SMOKE) there: the contract, the seeds, tools out and the Toolkit, and the sources' rules.
//     The provider SDKs are not installed there, so their tests skip, with the reason: they run
//     once, in 2.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

import { output, root, run } from "./util.mjs";

const work = join(root, "build", "python");
const tests = join(root, "python", "tests");

/** The suites each other CPython runs (python/tests/<file>); every suite runs once, in 2. */
const SMOKE = [
  "test_contract.py", "test_seeds.py", "test_adapters.py", "test_tools_out_values.py", "test_toolkit.py",
  "test_http.py", "test_skills.py", "test_builtins.py", "test_mcp_config.py", "test_sanitize_property.py",
];

// The test SDKs: the official A2A server (a2a-sdk needs CPython 3.10+; on older ones its
// tests skip with that reason), and httpx2, the client the current provider SDKs use (CPython
// 3.11+; the http tests use it when it is there). The MCP SDK (fromMCP's and connect_mcp's) is
// among SDKS below.
const testSdks = ['a2a-sdk[http-server]==1.3.0; python_version >= "3.10"', 'uvicorn; python_version >= "3.10"',
  'httpx2; python_version >= "3.11"'];

// The provider SDKs of the tests and examples, at least the releases they are written against
// (pip would otherwise pick an old release on an old CPython: those tests skip there instead).
const SDKS = ["openai>=3.57", "anthropic>=2.15", "google-genai>=3.6", "mcp>=2.3", "httpx>=0.28"];

/** Installs each SDK that installs on this venv's Python; says which did not. */
function installSdks(python, env) {
  const missing = [];
  for (const sdk of SDKS) {
    const done = output(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", sdk], { env, allowFail: true });
    if (done === "" && output(python, ["-m", "pip", "show", sdk.split(/[<>=]/)[0]], { env, allowFail: true }) === "") missing.push(sdk);
  }
  console.log(missing.length === 0 ? "provider SDKs: all installed" : `provider SDKs not installable here (their tests skip): ${missing.join(", ")}`);
}

function section(title) {
  console.log(`\n=== ${title} ===`);
}

/** A fresh venv at `dir` made by `python`; returns the venv's python. */
function freshVenv(python, dir, env) {
  rmSync(dir, { recursive: true, force: true });
  run(python, ["-m", "venv", dir], { env });
  const bin = join(dir, process.platform === "win32" ? "Scripts" : "bin", "python");
  run(bin, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--upgrade", "pip"], { env });
  return bin;
}

/** CPython 3.9 and later as pyenv lists them: [{ version, python }]. */
function pyenvPythons(env) {
  const pyenvRoot = output("pyenv", ["root"], { env, allowFail: true }).trim();
  if (!pyenvRoot) return [];
  return output("pyenv", ["versions", "--bare"], { env, allowFail: true })
    .split("\n")
    .map((v) => v.trim())
    .filter((v) => /^3\.(\d+)\.\d+$/.test(v) && Number(v.split(".")[1]) >= 9)
    .map((version) => ({ version, python: join(pyenvRoot, "versions", version, "bin", "python") }))
    .filter(({ python }) => existsSync(python));
}

export function testPython(env) {
  section("python: cargo test (shared and Python rules), fmt and clippy of python/rust");
  run("cargo", ["test", "--quiet", "--lib", "--", "rules", "python"], { env });
  // src/python is host-only (kept out of the wasm build), so the wasm32 clippy of the rust
  // section does not see it: lint the host build too.
  run("cargo", ["clippy", "--quiet", "--all-targets", "--", "-D", "warnings"], { env });
  // The extension crate, a member of the root workspace.
  run("cargo", ["fmt", "--check", "-p", "toolnexus-python"], { env });
  run("cargo", ["clippy", "--quiet", "--release", "-p", "toolnexus-python", "--", "-D", "warnings"], { env });

  section("python: pip install ./python in a fresh venv, pytest");
  mkdirSync(work, { recursive: true });
  const host = process.env.PYTHON ?? "python3";
  const python = freshVenv(host, join(work, "venv"), env);
  run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "./python[mcp]", "pytest", "hypothesis", "mypy", ...testSdks], { env });
  installSdks(python, env);
  console.log(output(python, ["-c", "import sys, toolnexus; print('toolnexus', toolnexus.__version__, 'on Python', sys.version.split()[0])"], { env }).trim());
  run(python, ["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", tests], {
    env: { ...env, TOOLNEXUS_REQUIRE_MYPY: "1" }, cwd: join(root, "python"),
  });

  section("python: the wheel and the smoke on every CPython 3.9+ of pyenv");
  const missing = SMOKE.filter((file) => !existsSync(join(tests, file)));
  if (missing.length > 0) throw new Error(`scripts/test-python.mjs: SMOKE names suites that do not exist: ${missing.join(", ")}`);
  const wheels = join(work, "wheel");
  rmSync(wheels, { recursive: true, force: true });
  run(python, ["-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps", "-w", wheels, "./python"], { env });
  const wheel = join(wheels, readdirSync(wheels).find((f) => f.endsWith(".whl")));
  console.log(`built ${wheel.slice(wheels.length + 1)}`);
  const pythons = pyenvPythons(env);
  if (pythons.length === 0) console.log("pyenv lists no CPython 3.9+: skipped");
  const ran = [];
  for (const { version, python: interpreter } of pythons) {
    section(`python: the wheel and the smoke on CPython ${version}`);
    const venvPython = freshVenv(interpreter, join(work, `venv-${version}`), env);
    run(venvPython, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", wheel, "pytest", "hypothesis"], { env });
    run(venvPython, ["-m", "pytest", "-q", "-p", "no:cacheprovider", ...SMOKE.map((file) => join(tests, file))], {
      env, cwd: join(root, "python"),
    });
    ran.push(version);
  }
  if (ran.length > 0) console.log(`\nthe wheel passed on CPython ${ran.join(", ")}`);
}

/**
 * The fast loop's Python part: a venv kept between runs (build/python/venv-quick) with maturin,
 * pytest, hypothesis and mypy, the package installed editable by `maturin develop` (about 2 s
 * after a Rust edit; Python edits need nothing), and pytest.
 */
export function testPythonQuick(env) {
  const dir = join(work, "venv-quick");
  const bin = join(dir, process.platform === "win32" ? "Scripts" : "bin");
  const python = join(bin, "python");
  if (!existsSync(join(bin, "maturin"))) {
    mkdirSync(work, { recursive: true });
    freshVenv(process.env.PYTHON ?? "python3", dir, env);
    run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "maturin>=1.9,<2", "pytest", "hypothesis", "mypy"], { env });
  }
  const venvEnv = { ...env, VIRTUAL_ENV: dir, PATH: `${bin}:${env.PATH}` };
  run(join(bin, "maturin"), ["develop", "--quiet", "--manifest-path", join(root, "python", "rust", "Cargo.toml")], { env: venvEnv, cwd: join(root, "python") });
  run(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", tests], { env: venvEnv, cwd: join(root, "python") });
}
