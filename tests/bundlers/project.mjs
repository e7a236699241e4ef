// The bundler project of the bundler tests: tests/bundlers/package.json's bundlers (exact
// versions), the packed toolnexus and the apps of app/, in build/bundlers. Installed once per
// tarball; both tests/bundlers/ and tests/browser/ use it.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
export const project = join(root, "build", "bundlers");

/** Installs the project for `tarball` unless it is there already; returns its folder. */
export function bundlerProject(tarball) {
  const marker = join(project, ".installed-from");
  const { mtimeMs, size } = statSync(tarball);
  const from = `${tarball} ${mtimeMs} ${size}`;
  if (!existsSync(marker) || readFileSync(marker, "utf8") !== from) {
    rmSync(project, { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ ...manifest, devDependencies: undefined }, null, 2));
    const pins = Object.entries(manifest.devDependencies).map(([name, version]) => `${name}@${version}`);
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, ...pins],
      { cwd: project, encoding: "utf8" });
    if (npm.status !== 0) throw new Error(`npm install in ${project} failed:\n${npm.stderr}`);
    writeFileSync(marker, from);
  }
  cpSync(join(here, "app"), project, { recursive: true });
  cpSync(join(root, "tests", "browser", "pages", "checks.js"), join(project, "checks.js"));
  return project;
}

/** Builds app `name` (see app/bundle.mjs); returns the folder of its output and the package files it took in. */
export function bundle(name) {
  const r = spawnSync(process.execPath, ["bundle.mjs", name], { cwd: project, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${name} failed:\n${r.stdout}${r.stderr}`);
  return { dist: join(project, "dist", name), bundled: JSON.parse(r.stdout.trim().split("\n").pop()) };
}
