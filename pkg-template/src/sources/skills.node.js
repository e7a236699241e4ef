// `loadSkills`: skills from folders, on Node.js, Bun and Deno (`node:fs/promises`). This host
// lists folders a level at a time and reads files; the core decides what to follow, what a
// SKILL.md means and where a path may go. Only the Node.js entries carry this module.

// `promises` of node:fs, read at each use: Node.js loads its promises API on first use, not
// when the package is imported.
import { promises as fsp } from "node:fs";
import * as path from "node:path";

import { ask, folders, skillsOf } from "./skills.js";

const SNIFF = 8000;

function describeError(error) {
  return typeof error?.code === "string" ? `${error.code}: ${error.message}` : String(error?.message ?? error);
}

// One folder's entries; a symbolic link is resolved (`real`) and typed by what it leads to.
async function listing(dir) {
  let dirents;
  try {
    dirents = await fsp.readdir(dir.path, { withFileTypes: true });
  } catch (error) {
    return { ...dir, entries: [], error: error?.code ?? describeError(error) };
  }
  const entries = await Promise.all(dirents.map(async (d) => {
    if (!d.isSymbolicLink()) return { name: d.name, kind: d.isDirectory() ? "dir" : d.isFile() ? "file" : "other" };
    const full = path.join(dir.path, d.name);
    try {
      const [real, stat] = await Promise.all([fsp.realpath(full), fsp.stat(full)]);
      return { name: d.name, kind: stat.isDirectory() ? "dir" : stat.isFile() ? "file" : "other", real };
    } catch {
      return { name: d.name, kind: "other" };
    }
  }));
  return { ...dir, entries };
}

// The search, a level at a time. → { found: [{ root, dir }], files: [rel], warnings }
async function walk(roots, mode, options) {
  const reals = await Promise.all(roots.map((r) => fsp.realpath(r)));
  let level = roots.map((p, i) => ({ root: i, path: p, rel: "", depth: 0, real: reals[i] }));
  let state = null;
  const found = [];
  const files = [];
  const warnings = [];
  while (level.length > 0) {
    const dirs = await Promise.all(level.map(listing));
    const step = ask("walk", { mode, options, state, dirs });
    state = step.state;
    for (const s of step.skills) found.push({ root: s.root, dir: level[s.dir].path });
    for (const f of step.files) files.push(f);
    for (const w of step.warnings) warnings.push(w);
    level = step.next.map((n) => {
      const parent = level[n.dir];
      return {
        root: parent.root,
        path: path.join(parent.path, n.name),
        rel: n.rel,
        depth: n.depth,
        real: n.real ?? path.join(parent.real, n.name),
      };
    });
  }
  return { found, files, warnings };
}

// A file's first `max` bytes and its size.
async function readStart(file, max) {
  const handle = await fsp.open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, max);
    const buffer = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(buffer, done, length - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return { size, bytes: buffer.subarray(0, done) };
  } finally {
    await handle.close();
  }
}

const decoder = new TextDecoder();

async function readSkill(root, folder, max) {
  const file = path.join(folder, "SKILL.md");
  try {
    // stat, then readFile: measured faster here than reading through a file handle.
    const { size } = await fsp.stat(file);
    if (size > max) return { root, path: file, folder, size };
    return { root, path: file, folder, text: await fsp.readFile(file, "utf8") };
  } catch (error) {
    return { root, path: file, folder, error: error?.code ?? describeError(error) };
  }
}

const host = (options) => ({
  files: async (skill) => (await walk([skill.folder], "files", options)).files,
  text: async (skill) => {
    const { size, bytes } = await readStart(skill.path, options.maxSkillBytes);
    if (size > options.maxSkillBytes) throw new Error(`SKILL.md is now ${size} bytes, over the limit`);
    return decoder.decode(bytes);
  },
  resource: async (skill, file, limit) => {
    const full = path.join(skill.folder, ...file.split("/"));
    let real;
    try {
      real = await fsp.realpath(full);
    } catch (error) {
      return error?.code === "ENOENT" || error?.code === "ENOTDIR" ? { status: "missing" } : { status: "error", message: describeError(error) };
    }
    if (!ask("inside", { folder: await fsp.realpath(skill.folder), path: real })) return { status: "outside" };
    if ((await fsp.stat(real)).isDirectory()) return { status: "directory" };
    const { size, bytes } = await readStart(real, limit);
    return { status: "ok", size, head: Array.from(bytes.subarray(0, SNIFF)), text: decoder.decode(bytes) };
  },
});

/**
 * Loads the skills under `dirs` (a folder or a list of folders; the first folder given wins a
 * name two skills share). Options (each a bound; reaching one adds a warning): `maxDepth` (6),
 * `maxFolders` (10,000), `maxSkills` (1,000), `maxFileBytes` (256 KiB, what the tool reads of a
 * resource file), `maxSkillBytes` (1 MiB, a SKILL.md). Rejects when a folder cannot be read.
 */
export async function loadSkills(dirs, options) {
  const opts = ask("options", options ?? {});
  const given = typeof dirs === "string" ? [dirs] : dirs;
  if (!Array.isArray(given)) throw new TypeError("loadSkills takes a folder or an array of folders");
  const roots = [];
  for (const d of given) {
    if (typeof d !== "string") throw new TypeError("loadSkills takes a folder or an array of folders");
    const root = path.resolve(d);
    let stat;
    try {
      stat = await fsp.stat(root);
    } catch (error) {
      throw new Error(`loadSkills: cannot read the folder ${stringify(d)}: ${describeError(error)}`);
    }
    if (!stat.isDirectory()) throw new Error(`loadSkills: ${stringify(d)} is not a folder`);
    roots.push(root);
  }
  const { found, warnings } = await walk(roots, "skills", opts);
  const files = await Promise.all(found.map((f) => readSkill(f.root, f.dir, opts.maxSkillBytes)));
  return skillsOf(ask("load", { files, options: opts }), opts, host(opts), warnings);
}

const stringify = JSON.stringify;

folders.load = loadSkills;

// Each export against its declaration in skills.node.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./skills.node.js").loadSkills} */ (loadSkills);
