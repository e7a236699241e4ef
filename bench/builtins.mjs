// The builtin tools' rows of the benchmark: `grep` over this repository's tracked files against
// the same search in plain JavaScript (readdir + RegExp), and `read` of a 10,000-line file
// against readFile + split. Both sides do the same work: the same files (sorted, .git and
// node_modules skipped, binary files skipped), the same matches, the same lines.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

// A pattern with fewer matches than the cap, so both sides report every one.
const PATTERN = "export (async )?function [A-Za-z]+";
const LINES = 10_000;
const READ_LIMIT = 2_000;

/** A copy of the repository's tracked files (what a checkout holds, no build output). */
function checkout(repo) {
  const dir = mkdtempSync(join(tmpdir(), "toolnexus-bench-grep-"));
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    try {
      cpSync(join(repo, file), join(dir, file));
    } catch {
      // A file deleted in the work tree.
    }
  }
  const lines = [];
  for (let i = 1; i <= LINES; i++) lines.push(`line ${i}: lorem ipsum`);
  writeFileSync(join(dir, "ten-thousand.txt"), lines.join("\n") + "\n");
  return dir;
}

/** The plain side of `grep`: readdir, readFile, a NUL check, split and RegExp. */
async function plainGrep(root, regex) {
  const files = [];
  const stack = [""];
  while (stack.length > 0) {
    const rel = stack.pop();
    for (const entry of await readdir(join(root, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== ".git" && entry.name !== "node_modules") stack.push(name);
      } else if (entry.isFile()) {
        files.push(name);
      }
    }
  }
  files.sort();
  const found = [];
  for (const name of files) {
    const text = await readFile(join(root, name), "utf8");
    if (text.slice(0, 8192).includes("\0")) continue;
    const lines = text.split("\n");
    for (let i = 0; i < lines.length && found.length <= 1000; i++) {
      if (regex.test(lines[i])) found.push(`${name}:${i + 1}: ${lines[i]}`);
    }
  }
  return found.slice(0, 1000);
}

/** The plain side of `read`: readFile + split, the first 2,000 lines numbered. */
async function plainRead(file) {
  const lines = (await readFile(file, "utf8")).split("\n");
  let out = "";
  for (let i = 0; i < READ_LIMIT && i < lines.length; i++) out += `${String(i + 1).padStart(6)}\t${lines[i]}\n`;
  return out;
}

/**
 * The rows, their per-batch sums (checked: both sides agree), and a cleanup.
 * @param {object} toolnexus the installed package
 * @param {string} repo the repository's folder
 */
export async function builtinRows(toolnexus, repo) {
  const root = checkout(repo);
  const tools = Object.fromEntries(toolnexus.builtinTools({ root, tools: ["read", "grep"] }).map((t) => [t.name, t]));
  const regex = new RegExp(PATTERN);
  const grepArgs = { pattern: PATTERN };
  const readArgs = { path: "ten-thousand.txt" };
  const file = join(root, "ten-thousand.txt");

  const ours = await tools.grep.execute(grepArgs);
  const theirs = await plainGrep(root, regex);
  assert.equal(ours.isError, false, ours.output);
  assert.ok(ours.output.startsWith(`${theirs.join("\n")}\n(`) || ours.output === theirs.join("\n"),
    "grep: toolnexus and plain JS found different lines");
  assert.equal(ours.metadata.matches, theirs.length);
  const read = await tools.read.execute(readArgs);
  const plainText = await plainRead(file);
  assert.ok(read.output.startsWith(plainText.slice(0, 1000)), "read: toolnexus and plain JS read different lines");
  assert.equal(read.metadata.lines, READ_LIMIT);

  const perBatch = { builtinGrep: theirs.length, builtinRead: READ_LIMIT };
  const rows = [
    {
      id: "builtinGrep",
      label: `grep ${JSON.stringify(PATTERN)} over the repository (${theirs.length} matches) vs readdir + RegExp`,
      unit: "ms",
      callsPerBatch: 1,
      async: true,
      make: (side) => side.key === "toolnexus"
        ? async () => (await tools.grep.execute(grepArgs)).metadata.matches
        : async () => (await plainGrep(root, regex)).length,
      budget: 2,
      aim: 1,
    },
    {
      id: "builtinRead",
      label: `read of a ${LINES.toLocaleString("en-US")}-line file vs readFile + split`,
      unit: "ms",
      callsPerBatch: 1,
      async: true,
      make: (side) => side.key === "toolnexus"
        ? async () => (await tools.read.execute(readArgs)).metadata.lines
        : async () => (await plainRead(file)).split("\n").length - 1,
      budget: 1.5,
      aim: 1,
    },
  ];
  return { rows, perBatch, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
