// The builtin tools: bash, read, write, edit, glob and grep, confined to a root folder, bounded,
// and given only when asked for. Node.js, Bun and Deno only (this module imports node:*; the
// browser and edge entries export `builtinTools` as a function that throws a TypeError).
//
// Every decision (the schemas, where a path may go, the edit, the search, the cuts, the result
// texts) is the core's (`call("builtins.*")`); this file touches the disk and
// builtins-bash.node.js runs the commands: ask the core, do the I/O, ask the core.

import * as fs from "node:fs";
// `promises` of node:fs, read at each use: Node.js loads its promises API on first use, not
// when the package is imported.
import { promises as fsp } from "node:fs";
import * as path from "node:path";
import * as timers from "node:timers";

import { call } from "../core.js";
import { Tool } from "../tool.js";
import { bash } from "./builtins-bash.node.js";

const node = {
  fs,
  path,
  timers,
  get fsp() {
    return fsp;
  },
};
const CHUNK = 64 * 1024;

const failure = (tool, code, path, extra) => call("builtins.failure", { tool, code, path, ...extra });

class Stopped extends Error {
  constructor(code) {
    super(code);
    this.stopCode = code;
  }
}

/**
 * The builtin tools (`source: "builtin"`) confined to `options.root`.
 * @param {import("./builtins.node.js").BuiltinToolsOptions} options
 */
export function builtinTools(options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError("builtinTools: pass an options object with root, the folder the tools may touch");
  }
  const given = {};
  for (const key of Object.keys(options)) if (options[key] !== undefined) given[key] = options[key];
  const checked = call("builtins.options", given);
  let real;
  try {
    real = node.fs.realpathSync(checked.root);
  } catch {
    throw new TypeError(`builtinTools: root ${JSON.stringify(checked.root)} does not exist`);
  }
  if (!node.fs.statSync(real).isDirectory()) {
    throw new TypeError(`builtinTools: root ${JSON.stringify(checked.root)} is not a folder`);
  }
  checked.root = real;
  return call("builtins.definitions", { options: checked }).map((d) => new Tool({
    name: d.name,
    description: d.description,
    inputSchema: d.inputSchema,
    source: "builtin",
    execute: executor(d.name, checked),
  }));
}

function executor(tool, options) {
  return async (args, ctx) => {
    const signal = ctx?.signal ?? undefined;
    const timeout = typeof ctx?.timeout === "number" ? ctx.timeout : undefined;
    if (signal?.aborted) return failure(tool, "cancelled");
    try {
      return await run(tool, args, options, signal, timeout);
    } catch (error) {
      if (error instanceof Stopped) return failure(tool, error.stopCode, undefined, { timeout: Math.round(timeout ?? 0) });
      const path = typeof args?.path === "string" ? args.path : undefined;
      return failure(tool, typeof error?.code === "string" ? error.code : "EIO", path);
    }
  };
}

// The real path of `p`: symbolic links followed, also a dangling one, the parts that do not
// exist yet appended to the real path of the deepest part that does.
async function realpathDeep(p, depth = 0) {
  const { fs, fsp, path } = node;
  try {
    // One system call (realpath(3)); no thread-pool round trip.
    return (fs.realpathSync.native ?? fs.realpathSync)(p);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const stat = await fsp.lstat(p).catch(() => undefined);
  if (stat?.isSymbolicLink()) {
    if (depth > 40) throw Object.assign(new Error("ELOOP"), { code: "ELOOP" });
    return realpathDeep(path.resolve(path.dirname(p), await fsp.readlink(p)), depth + 1);
  }
  const parent = path.dirname(p);
  if (parent === p) return p;
  return path.join(await realpathDeep(parent, depth + 1), path.basename(p));
}

async function run(tool, args, options, signal, ctxTimeout) {
  const plan = call("builtins.plan", { tool, args: args ?? null, options, ctxTimeout });
  if (plan.answer) return plan.answer;
  const real = await realpathDeep(plan.at);
  const verdict = call("builtins.confine", { root: options.root, path: plan.path, real });
  if (verdict.isError) return verdict;
  plan.real = real;
  if (tool === "bash") return bash(plan, options, signal);
  const deadline = ctxTimeout !== undefined ? Date.now() + ctxTimeout : undefined;
  const check = () => {
    if (signal?.aborted) throw new Stopped("cancelled");
    if (deadline !== undefined && Date.now() > deadline) throw new Stopped("timeout");
  };
  return FILE_TOOLS[tool](plan, check);
}

// ---- the file tools ------------------------------------------------------------------------

// The file tools read with synchronous calls in bounded steps (a 64 KiB chunk, one file of a
// search) and yield to the event loop between steps, so `ctx.signal` and timers still run:
// a thread-pool round trip per call would cost more than the reads themselves.
const tick = () => new Promise((resolve) => node.timers.setImmediate(resolve));

async function read(plan, check) {
  const { offset, limit, maxBytes } = plan;
  const { fs } = node;
  const fd = fs.openSync(plan.real, "r");
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) return failure("read", "not_a_file", plan.path);
    const size = stat.size;
    const chunk = Buffer.allocUnsafe(CHUNK);
    let head = "";
    const parts = [];
    let line = 1, newlines = 0, collected = 0, consumed = 0, position = 0, eof = false;
    for (let step = 1; ; step++) {
      if (step % 16 === 0) await tick();
      check();
      const bytesRead = fs.readSync(fd, chunk, 0, CHUNK, position);
      if (bytesRead === 0) {
        eof = true;
        break;
      }
      // The file's start decides whether it is binary (the first chunk holds it); from line 1
      // the text collected begins with it, so it need not cross twice.
      if (position === 0 && offset > 1) head = chunk.toString("utf8", 0, Math.min(bytesRead, plan.sniffBytes));
      position += bytesRead;
      let start = 0;
      while (line < offset) {
        const at = chunk.indexOf(10, start);
        if (at < 0 || at >= bytesRead) {
          start = bytesRead;
          break;
        }
        line += 1;
        start = at + 1;
      }
      let end = bytesRead, full = false;
      if (line >= offset) {
        let at = start;
        while (newlines < limit) {
          at = chunk.indexOf(10, at);
          if (at < 0 || at >= bytesRead) break;
          newlines += 1;
          at += 1;
          if (newlines === limit) {
            end = at;
            full = true;
          }
        }
        const room = maxBytes - collected;
        if (end - start >= room) {
          end = start + room;
          full = true;
        }
        parts.push(Buffer.from(chunk.subarray(start, end)));
        collected += end - start;
      }
      consumed += end;
      if (full) break;
    }
    return call("builtins.read", {
      path: plan.path,
      head,
      text: Buffer.concat(parts).toString("utf8"),
      offset,
      limit,
      maxLineLength: plan.maxLineLength,
      size,
      eof: eof || consumed >= size,
    });
  } finally {
    fs.closeSync(fd);
  }
}

async function write(plan, check) {
  const data = Buffer.from(plan.content, "utf8");
  check();
  await node.fsp.mkdir(node.path.dirname(plan.real), { recursive: true });
  await node.fsp.writeFile(plan.real, data);
  return call("builtins.write", { path: plan.path, bytes: data.length });
}

async function edit(plan, check) {
  const fh = await node.fsp.open(plan.real, "r");
  let data;
  try {
    const { size } = await fh.stat();
    if (size > plan.maxBytes) return failure("edit", "too_large", plan.path, { size, max: plan.maxBytes });
    data = await fh.readFile();
  } finally {
    await fh.close();
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return failure("edit", "not_text", plan.path);
  }
  check();
  const reply = call("builtins.edit", {
    path: plan.path, text, oldString: plan.oldString, newString: plan.newString, replaceAll: plan.replaceAll,
  });
  if (typeof reply.text === "string") {
    check();
    await node.fsp.writeFile(plan.real, reply.text, "utf8");
  }
  return reply.answer;
}

// The paths under the plan's folder (`prefix` + relative), links to folders not followed,
// the skipped folders left out, at most `maxEntries` looked at.
async function walk(plan, check, prefix, linksToo) {
  const skip = new Set(plan.skip);
  const out = [];
  const stack = [[plan.real, prefix]];
  let seen = 0;
  for (let step = 1; stack.length > 0; step++) {
    if (step % 32 === 0) await tick();
    check();
    const [folder, rel] = stack.pop();
    let entries;
    try {
      entries = node.fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > plan.maxEntries) return { files: out, incomplete: true };
      const name = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name)) stack.push([`${folder}/${entry.name}`, name]);
      } else if (entry.isFile() || (linksToo && entry.isSymbolicLink())) {
        out.push(name);
      }
    }
  }
  return { files: out, incomplete: false };
}

async function glob(plan, check) {
  const stat = await node.fsp.stat(plan.real);
  if (!stat.isDirectory()) return failure("glob", "ENOTDIR", plan.path);
  const { files, incomplete } = await walk(plan, check, "", true);
  return call("builtins.glob", {
    pattern: plan.pattern, files, prefix: plan.display, maxResults: plan.maxResults, incomplete,
  });
}

// At most `max` bytes of a file, or undefined when it cannot be read.
function readStart(file, max) {
  const { fs } = node;
  let fd;
  try {
    fd = fs.openSync(file, "r");
    const buffer = Buffer.allocUnsafe(Math.min(fs.fstatSync(fd).size, max));
    let filled = 0;
    while (filled < buffer.length) {
      const bytesRead = fs.readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

async function grep(plan, check) {
  const stat = await node.fsp.stat(plan.real);
  const folder = stat.isDirectory();
  let files = [plan.display], incomplete = false;
  const prefix = plan.display === "." ? "" : plan.display;
  if (folder) {
    ({ files, incomplete } = await walk(plan, check, prefix, false));
    files = call("builtins.select", { include: plan.include, files });
  }
  const lines = [];
  let binary = 0, searched = 0, full = false, batch = [], batchBytes = 0;
  const flush = () => {
    const reply = call("builtins.grep", {
      pattern: plan.pattern, files: batch, room: plan.maxResults - lines.length, maxLineLength: plan.maxLineLength,
    });
    if (reply.answer) throw reply;
    for (const line of reply.lines) lines.push(line);
    binary += reply.binary;
    full = reply.full;
    batch = [];
    batchBytes = 0;
  };
  // A file without the pattern's required text cannot match: only its start goes to the core,
  // which still tells a binary file.
  const literal = typeof plan.literal === "string" ? Buffer.from(plan.literal, "utf8") : undefined;
  try {
    for (let i = 0; i < files.length && !full; i++) {
      if (i % 32 === 31) await tick();
      check();
      const name = files[i];
      let data = readStart(folder ? `${plan.real}/${prefix ? name.slice(prefix.length + 1) : name}` : plan.real, plan.fileBytes);
      if (data === undefined) continue;
      searched += 1;
      if (literal !== undefined && data.indexOf(literal) < 0) data = data.subarray(0, plan.sniffBytes);
      batch.push({ path: name, text: data.toString("utf8") });
      batchBytes += data.length;
      if (batchBytes >= plan.batchBytes) flush();
    }
    if (batch.length > 0 && !full) flush();
  } catch (error) {
    if (error?.answer) return error.answer;
    throw error;
  }
  return call("builtins.grep_result", { pattern: plan.pattern, lines, full, files: searched, binary, incomplete });
}

const FILE_TOOLS = { read, write, edit, glob, grep };

// Each export against its declaration in builtins.node.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./builtins.node.js").builtinTools} */ (builtinTools);
