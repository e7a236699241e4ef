// builtinTools: confined, bounded, opt-in. Hostile inputs for each tool, real files and real
// processes, and after every test no process it started is left.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, ftruncateSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { getEventListeners } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";

import { builtinTools } from "toolnexus";

let root;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "toolnexus-builtins-")));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src", "a.py"), "def one():\n    return 1\n");
  writeFileSync(join(root, "notes.txt"), "alpha\nbeta\ngamma\n");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const toolsAt = (options = {}) => Object.fromEntries(builtinTools({ root, ...options }).map((t) => [t.name, t]));

/** The live (not zombie) processes of the process group `pgid`. */
function groupMembers(pgid) {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fields;
    try {
      fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(")").pop().trim().split(" ");
    } catch {
      continue;
    }
    if (Number(fields[2]) === pgid && fields[0] !== "Z") found.push(Number(entry));
  }
  return found;
}

async function gone(pgid) {
  for (let i = 0; i < 50 && groupMembers(pgid).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
  return groupMembers(pgid);
}

async function pidFrom() {
  for (let i = 0; i < 100; i++) {
    const file = join(root, "pid");
    const text = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
    if (text) return Number(text);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the command wrote no pid");
}

describe("builtinTools: options", () => {
  it("needs root, checks the options, gives what is asked for", () => {
    assert.throws(() => builtinTools({}), { name: "TypeError", message: /builtinTools: root is required/ });
    assert.throws(() => builtinTools(), TypeError);
    assert.throws(() => builtinTools({ root: join(root, "missing") }), /does not exist/);
    assert.throws(() => builtinTools({ root, tools: ["rm"] }), /"rm"/);
    assert.throws(() => builtinTools({ root, timeout: 600_001 }), /at most 600000 ms/);
    assert.throws(() => builtinTools({ root, maxoutput: 1 }), /"maxoutput" is not an option/);
    const tools = builtinTools({ root, tools: ["grep", "read"] });
    assert.deepEqual(tools.map((t) => t.name), ["read", "grep"]);
    assert.ok(tools.every((t) => t.source === "builtin"));
    const t = toolsAt();
    assert.deepEqual(Object.keys(t.edit.inputSchema.properties), ["path", "oldString", "newString", "replaceAll"]);
    assert.match(t.bash.description, /32,000 characters/);
  });
});

describe("builtinTools: confinement", () => {
  it("refuses paths outside the root before any I/O, links included", async () => {
    const t = toolsAt();
    for (const path of ["../../etc/passwd", "/etc/passwd", join(root, "..", "elsewhere.txt")]) {
      const r = await t.read.execute({ path });
      assert.equal(r.isError, true);
      assert.ok(r.output.includes(JSON.stringify(path)) && r.output.includes("outside the root"), r.output);
    }
    symlinkSync("/etc", join(root, "etc"));
    const r = await t.read.execute({ path: "etc/passwd" });
    assert.equal(r.isError, true);
    assert.match(r.output, /"etc\/passwd" leads outside/);
    assert.equal((await t.write.execute({ path: "etc/toolnexus-should-not-exist", content: "x" })).isError, true);
    assert.equal(existsSync("/etc/toolnexus-should-not-exist"), false);
    symlinkSync("/etc/toolnexus-dangling", join(root, "dangling"));
    assert.equal((await t.write.execute({ path: "dangling", content: "x" })).isError, true);
    assert.equal(existsSync("/etc/toolnexus-dangling"), false);
    assert.equal((await t.edit.execute({ path: "etc/hostname", oldString: "a", newString: "b" })).isError, true);
    assert.equal((await t.grep.execute({ pattern: "root", path: "etc" })).isError, true);
    assert.equal((await t.glob.execute({ pattern: "*", path: "etc" })).isError, true);
    assert.equal((await t.bash.execute({ command: "pwd", workdir: "etc" })).isError, true);
    assert.equal((await t.bash.execute({ command: "pwd", workdir: "../.." })).isError, true);
    assert.ok(!(await t.grep.execute({ pattern: "root:" })).output.includes("passwd"));
  });
});

describe("builtinTools: read, write, edit", () => {
  it("reads numbered, bounded lines and refuses binary files", async () => {
    const t = toolsAt({ maxLines: 2 });
    const r = await t.read.execute({ path: "notes.txt" });
    assert.equal(r.isError, false);
    assert.ok(r.output.startsWith("     1\talpha\n     2\tbeta\n") && r.output.includes("offset=3"), r.output);
    assert.equal((await t.read.execute({ path: "notes.txt", offset: 3 })).output, "     3\tgamma");
    writeFileSync(join(root, "blob.bin"), Buffer.from("\x7fELF\x00\x01\x02".repeat(100), "latin1"));
    const bin = await t.read.execute({ path: "blob.bin" });
    assert.ok(bin.isError && bin.output.includes("binary"));
    assert.deepEqual(await t.read.execute({ path: "missing.txt" }), { output: '"missing.txt" does not exist.', isError: true });
    assert.equal((await t.read.execute({ path: "src" })).isError, true);
  });

  it("reads a 200 MiB file within its bounds", async () => {
    const fd = openSync(join(root, "big.log"), "w");
    const lines = [];
    for (let i = 1; i <= 100_000; i++) lines.push(`line ${i}\n`);
    writeSync(fd, lines.join(""));
    ftruncateSync(fd, 200 * 1024 * 1024);
    closeSync(fd);
    const t = toolsAt();
    const started = Date.now();
    const r = await t.read.execute({ path: "big.log" });
    assert.ok(Date.now() - started < 5000);
    assert.equal(r.isError, false);
    assert.ok(r.output.split("\n").length < 2_100 && r.output.length < 80_000);
    assert.ok(r.output.includes("     1\tline 1\n") && r.output.includes("Use offset="));
    const mid = await t.read.execute({ path: "big.log", offset: 50_000, limit: 2 });
    assert.ok(mid.output.startsWith(" 50000\tline 50000\n 50001\tline 50001"), mid.output);
    const edit = await t.edit.execute({ path: "big.log", oldString: "line 1\n", newString: "x" });
    assert.ok(edit.isError && edit.output.includes("too large"));
    const zeros = openSync(join(root, "zeros.img"), "w");
    ftruncateSync(zeros, 200 * 1024 * 1024);
    closeSync(zeros);
    assert.match((await t.read.execute({ path: "zeros.img" })).output, /binary/);
    assert.match((await t.grep.execute({ pattern: "line 99999$", include: "*.{log,img}" })).output, /binary files skipped/);
  });

  it("writes with parents and odd names", async () => {
    const t = toolsAt();
    const r = await t.write.execute({ path: "deep/er/new.txt", content: "héllo\n" });
    assert.deepEqual(r, { output: 'Wrote 7 bytes to "deep/er/new.txt".', isError: false, metadata: { bytes: 7 } });
    assert.equal(readFileSync(join(root, "deep/er/new.txt"), "utf8"), "héllo\n");
    assert.equal((await t.write.execute({ path: "new\nline.txt", content: "one\n" })).isError, false);
    assert.equal(readFileSync(join(root, "new\nline.txt"), "utf8"), "one\n");
    assert.equal((await t.read.execute({ path: "new\nline.txt" })).output, "     1\tone");
    assert.ok((await t.glob.execute({ pattern: "new*" })).output.includes("new\nline.txt"));
    assert.equal((await t.write.execute({ path: "src", content: "x" })).isError, true);
  });

  it("edits literally, counting matches", async () => {
    const t = toolsAt();
    const file = join(root, "code.js");
    writeFileSync(file, "let a = 1;\nlet b = 1;\n");
    const two = await t.edit.execute({ path: "code.js", oldString: "1", newString: "2" });
    assert.ok(two.isError && two.output.includes("found 2 times"));
    assert.equal(readFileSync(file, "utf8"), "let a = 1;\nlet b = 1;\n");
    const r = await t.edit.execute({ path: "code.js", oldString: "a = 1", newString: "a = '$&' + '$1' + $$" });
    assert.deepEqual(r.metadata, { replacements: 1 });
    assert.equal(readFileSync(file, "utf8"), "let a = '$&' + '$1' + $$;\nlet b = 1;\n");
    assert.match((await t.edit.execute({ path: "code.js", oldString: "zzz", newString: "y" })).output, /0 matches/);
    await t.edit.execute({ path: "code.js", oldString: "let", newString: "const", replaceAll: true });
    assert.equal(readFileSync(file, "utf8").split("const").length, 3);
  });
});

describe("builtinTools: grep and glob", () => {
  it("searches in linear time, sorted, capped, skipping what it should", async () => {
    const t = toolsAt({ maxResults: 3 });
    writeFileSync(join(root, "a.txt"), "a".repeat(100_000) + "!\n");
    const started = Date.now();
    const r = await t.grep.execute({ pattern: "(a+)+$", path: "a.txt" });
    assert.ok(Date.now() - started < 10_000);
    assert.ok(!r.isError && r.output.includes("No matches"), r.output);
    assert.match((await t.grep.execute({ pattern: "(unclosed" })).output, /not a valid regular expression/);
    for (const name of ["z.txt", "b.txt", "m.txt", "c.txt"]) writeFileSync(join(root, name), "needle here\n");
    mkdirSync(join(root, ".git"));
    writeFileSync(join(root, ".git", "x.txt"), "needle\n");
    mkdirSync(join(root, "node_modules"));
    writeFileSync(join(root, "node_modules", "y.txt"), "needle\n");
    const capped = await t.grep.execute({ pattern: "needle" });
    assert.ok(capped.output.startsWith("b.txt:1: needle here\nc.txt:1: needle here\nm.txt:1: needle here\n\n(Only the first 3"), capped.output);
    assert.deepEqual(capped.metadata, { matches: 3, truncated: true });
    assert.equal((await t.grep.execute({ pattern: "needle", path: "node_modules" })).output, "node_modules/y.txt:1: needle");
    assert.equal((await t.grep.execute({ pattern: "return", include: "*.py" })).output, "src/a.py:2:     return 1");
    assert.equal((await t.grep.execute({ pattern: "beta", path: "notes.txt" })).output, "notes.txt:2: beta");
  });

  it("lists files by glob, sorted", async () => {
    const t = toolsAt();
    assert.equal((await t.glob.execute({ pattern: "**/*.py" })).output, "src/a.py");
    assert.equal((await t.glob.execute({ pattern: "*.py", path: "src" })).output, "src/a.py");
    assert.equal((await t.glob.execute({ pattern: "*.txt" })).output, "notes.txt");
    assert.equal((await t.glob.execute({ pattern: "{bad" })).isError, true);
  });
});

describe("builtinTools: bash", () => {
  it("runs in root with a small environment", async () => {
    process.env.TOOLNEXUS_SECRET = "s3cret-value";
    try {
      const t = toolsAt({ env: { GIVEN: "yes" } });
      const r = await t.bash.execute({ command: "pwd; env" });
      assert.equal(r.isError, false);
      assert.equal(r.metadata.exitCode, 0);
      assert.ok(r.output.startsWith(`${root}\n`));
      assert.ok(r.output.includes("GIVEN=yes") && r.output.includes("PATH="));
      assert.ok(!r.output.includes("s3cret-value") && !r.output.includes("TOOLNEXUS_SECRET"));
      const missing = await t.bash.execute({ command: "no-such-command-here" });
      assert.ok(missing.isError && missing.metadata.exitCode === 127 && missing.output.includes("Exit code 127"));
      assert.ok((await t.bash.execute({ command: "pwd", workdir: "src" })).output.trim().endsWith("/src"));
    } finally {
      delete process.env.TOOLNEXUS_SECRET;
    }
  });

  it("stops the whole group on timeout", async () => {
    const t = toolsAt();
    const started = Date.now();
    const r = await t.bash.execute({ command: "echo $$ > pid; sleep 300 & wait", timeout: 1000 });
    assert.ok(Date.now() - started < 5000);
    assert.ok(r.isError && r.output.includes("timed out after 1000 ms") && r.metadata.timedOut, r.output);
    assert.deepEqual(await gone(await pidFrom()), []);
  });

  it("ends when the command exits, even if a grandchild holds its output", async () => {
    const t = toolsAt();
    const started = Date.now();
    const r = await t.bash.execute({ command: "echo $$ > pid; (sleep 300 &); echo done" });
    assert.ok(Date.now() - started < 5000);
    assert.equal(r.isError, false);
    assert.equal(r.output.trim(), "done");
    assert.deepEqual(await gone(await pidFrom()), []);
  });

  it("cuts 50 MiB of output keeping both ends", async () => {
    const t = toolsAt();
    const command = "echo $$ > pid; echo START; head -c 52428800 /dev/zero | tr '\\0' 'a'; echo; echo END";
    const r = await t.bash.execute({ command });
    assert.equal(r.isError, false);
    assert.ok(r.output.startsWith("START\n") && r.output.endsWith("END\n"));
    assert.ok(r.output.length < 32_200 && r.output.includes("bytes of output left out"));
    assert.equal(r.metadata.truncated, true);
    assert.deepEqual(await gone(await pidFrom()), []);
  });

  it("stops on ctx.signal, starts nothing when already aborted, honours ctx.timeout", async () => {
    const t = toolsAt();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const r = await t.bash.execute({ command: "echo $$ > pid; sleep 300" }, { signal: controller.signal });
    assert.ok(r.isError && r.output.includes("cancelled"), r.output);
    const kept = new AbortController();
    assert.equal((await t.bash.execute({ command: "true" }, { signal: kept.signal })).isError, false);
    assert.equal(getEventListeners(kept.signal, "abort").length, 0, "the listener is removed when the call ends");
    assert.deepEqual(await gone(await pidFrom()), []);
    rmSync(join(root, "pid"));
    const already = await t.bash.execute({ command: "echo $$ > pid" }, { signal: AbortSignal.abort() });
    assert.ok(already.isError && already.output.includes("cancelled"));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(existsSync(join(root, "pid")), false);
    const timed = await t.bash.execute({ command: "echo $$ > pid; sleep 300" }, { timeout: 500 });
    assert.ok(timed.isError && timed.output.includes("timed out after 500 ms"), timed.output);
    assert.deepEqual(await gone(await pidFrom()), []);
  });
});
