// Small process helpers shared by the build, test and benchmark scripts.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command with inherited output; throws when it fails. */
export function run(cmd, args, { env = process.env, cwd = root } = {}) {
  const r = spawnSync(cmd, args, { env, cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${r.status ?? r.signal}`);
}

/** Runs a command and returns its standard output ("" when it cannot run and allowFail is set). */
export function output(cmd, args, { env = process.env, cwd = root, allowFail = false } = {}) {
  const r = spawnSync(cmd, args, { env, cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.error || r.status !== 0) {
    if (allowFail) return "";
    throw new Error(`${cmd} ${args.join(" ")} failed: ${r.error?.message ?? r.stderr}`);
  }
  return r.stdout;
}
