// The runtimes of tests/runtimes/package.json (exact versions, from npm), installed once into
// build/runtimes. Each npm package brings its own binary for this platform through an
// optional dependency; nothing is downloaded from anywhere else.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
export const runtimes = join(here, "..", "..", "build", "runtimes");

/** Installs the runtimes unless the same pins are there; returns `{ bun, deno, workerd }` paths. */
export function installRuntimes() {
  const manifest = readFileSync(join(here, "package.json"), "utf8");
  const marker = join(runtimes, ".installed-from");
  if (!existsSync(marker) || readFileSync(marker, "utf8") !== manifest) {
    rmSync(runtimes, { recursive: true, force: true });
    mkdirSync(runtimes, { recursive: true });
    cpSync(join(here, "package.json"), join(runtimes, "package.json"));
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: runtimes, encoding: "utf8" });
    if (npm.status !== 0) throw new Error(`npm install in ${runtimes} failed:\n${npm.stderr}`);
    writeFileSync(marker, manifest);
  }
  const bin = (name) => join(runtimes, "node_modules", ".bin", name);
  return { bun: bin("bun"), deno: bin("deno"), workerd: bin("workerd") }; // and @edge-runtime/vm, a library
}

/** The runtime's version line, or undefined when its binary does not run on this machine. */
export function versionOf(binary, args = ["--version"]) {
  const r = spawnSync(binary, args, { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim().split("\n")[0] : undefined;
}
