// Agent skills: the reference skills (fixtures/skills), malformed folders built from
// fixtures/skills-cases.json whose answers must equal fixtures/skills-expected.json (the Python
// package's tests hold to the same file), bounds, skillsFrom, and the Toolkit.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

import { createToolkit, loadSkills, skillsFrom } from "toolnexus";

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");
const CORPUS = join(FIXTURES, "skills");
const CASES = JSON.parse(readFileSync(join(FIXTURES, "skills-cases.json"), "utf8"));
const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, "skills-expected.json"), "utf8"));

const temps = [];
after(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "toolnexus-skills-")));
  temps.push(dir);
  return dir;
}

function buildCases() {
  const tmp = tempDir();
  for (const [rel, text] of Object.entries(CASES.files)) {
    mkdirSync(dirname(join(tmp, rel)), { recursive: true });
    writeFileSync(join(tmp, rel), text);
  }
  for (const gen of CASES.generated) {
    const data = gen.fill === "a" ? Buffer.alloc(gen.bytes, "a") : Buffer.from(Array.from({ length: gen.bytes }, (_, i) => (i * 37) % 256));
    writeFileSync(join(tmp, gen.path), data);
  }
  for (const [rel, target] of Object.entries(CASES.links)) symlinkSync(target, join(tmp, rel));
  return tmp;
}

// The Python package's JSON: absent fields null, snake_case names, long texts summarised.
function normalize(value, tmp) {
  if (typeof value === "string") {
    const text = value.split(tmp).join("<tmp>");
    return text.length <= 2000 ? text : { length: text.length, end: text.slice(-120) };
  }
  if (Array.isArray(value)) return value.map((v) => normalize(v, tmp));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, tmp)]));
  }
  return value;
}

function pythonShape(s) {
  return {
    name: s.name, description: s.description, folder: s.folder, path: s.path, license: s.license ?? null,
    compatibility: s.compatibility ?? null, metadata: s.metadata ?? null, allowed_tools: s.allowedTools ?? null,
  };
}

async function snapshot(skills, calls, tmp) {
  const answers = [];
  for (const args of calls) {
    const r = await skills.tool.execute(args);
    answers.push({ output: r.output, is_error: r.isError, metadata: r.metadata ?? null });
  }
  const tool = skills.tool;
  return normalize({
    list: skills.list.map(pythonShape),
    skipped: skills.skipped,
    warnings: skills.warnings,
    prompt: skills.prompt(),
    tool: { name: tool.name, description: tool.description, input_schema: tool.inputSchema, source: tool.source },
    calls: answers,
  }, tmp);
}

const windows = process.platform === "win32";

describe("loadSkills", () => {
  it("gives for malformed folders what both packages promise", { skip: windows && "symbolic links" }, async () => {
    const tmp = buildCases();
    const skills = await loadSkills(CASES.roots.map((r) => join(tmp, r)));
    assert.deepEqual(await snapshot(skills, CASES.calls, tmp), EXPECTED);
    assert.deepEqual(skills.list.map((s) => s.name), ["f", "colon", "good", "long-desc", "other-name"]);
    const reason = (folder) => skills.skipped.find((s) => s.path.endsWith(`/${folder}/SKILL.md`)).reason;
    assert.equal(reason("bad-yaml"), "YAML error on line 3, column 14: a quoted value is never closed");
    assert.match(reason("no-frontmatter"), /^no YAML frontmatter/);
    assert.match(reason("capitals"), /\(e\.g\. "capitals"\)/);
    assert.match(reason("no-desc"), /^no `description`/);
    const good = skills.list.find((s) => s.name === "good");
    assert.deepEqual(good.metadata, { author: "tests", version: "1.0" });
    assert.equal(good.allowedTools, "Read Grep");
  });

  it("confines, caps and refuses binary resources", { skip: windows && "symbolic links" }, async () => {
    const tmp = buildCases();
    const { tool } = await loadSkills(join(tmp, "cases"));
    assert.equal(tool.source, "skill");
    const shown = await tool.execute({ name: "good" });
    assert.deepEqual(shown.metadata.files, ["big.txt", "bin.dat", "nested/SKILL.md", "ref/guide.md"]);
    assert.equal((await tool.execute({ name: "good", file: "ref/guide.md" })).output, "# Guide\nStep one.\n");
    const passwd = await tool.execute({ name: "good", file: "../../etc/passwd" });
    assert.ok(passwd.isError && passwd.output.includes("goes outside the skill's folder"));
    const secret = await tool.execute({ name: "good", file: "secret.txt" });
    assert.ok(secret.isError && secret.output.includes("leads outside") && !secret.output.includes("secret\n"));
    const big = await tool.execute({ name: "good", file: "big.txt" });
    assert.ok(!big.isError && big.output.length < 300_000);
    assert.ok(big.output.endsWith("[the first 262144 of 10485760 bytes shown; the rest left out]"));
    const binary = await tool.execute({ name: "good", file: "bin.dat" });
    assert.ok(binary.isError && binary.output.includes("binary file (4096 bytes)"));
  });

  it("loads every reference skill with its resources", async () => {
    const skills = await loadSkills(CORPUS);
    assert.deepEqual(skills.skipped, []);
    assert.deepEqual(skills.warnings, []);
    assert.deepEqual(skills.list.map((s) => s.name), [
      "algorithmic-art", "brand-guidelines", "frontend-design", "internal-comms",
      "mcp-builder", "skill-creator", "web-artifacts-builder", "webapp-testing",
    ]);
    const walk = (dir, rel = "") => readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const r = rel ? `${rel}/${d.name}` : d.name;
      return d.isDirectory() ? walk(join(dir, d.name), r) : [r];
    });
    for (const skill of skills.list) {
      const folder = join(CORPUS, skill.name);
      const text = readFileSync(join(folder, "SKILL.md"), "utf8");
      assert.equal(skill.description, text.split("\n").find((l) => l.startsWith("description: ")).slice(13));
      assert.equal(skill.folder, folder);
      const expected = walk(folder).filter((f) => f !== "SKILL.md").sort();
      const shown = await skills.tool.execute({ name: skill.name });
      assert.equal(shown.isError, false);
      assert.deepEqual(shown.metadata.files, expected.slice(0, 50));
      const first = await skills.tool.execute({ name: skill.name, file: expected[0] });
      assert.equal(first.isError, expected[0].endsWith(".tar.gz"));
    }
  });

  it("searches 5,000 folders and keeps to its bounds", async () => {
    const many = join(tempDir(), "many");
    for (let i = 0; i < 5000; i++) mkdirSync(join(many, `d${String(i).padStart(4, "0")}`), { recursive: true });
    for (let i = 0; i < 5000; i += 1000) {
      const name = `d${String(i).padStart(4, "0")}`;
      writeFileSync(join(many, name, "SKILL.md"), `---\nname: ${name}\ndescription: number ${i}\n---\n`);
    }
    const skills = await loadSkills(many);
    assert.deepEqual(skills.list.map((s) => s.name), ["d0000", "d1000", "d2000", "d3000", "d4000"]);
    assert.deepEqual(skills.warnings, []);
    const capped = await loadSkills(many, { maxFolders: 1000 });
    assert.deepEqual(capped.warnings.map((w) => w.message), ["stopped after searching 1,000 folders (the folder limit)"]);
    const few = await loadSkills(many, { maxSkills: 2 });
    assert.equal(few.list.length, 2);
    assert.equal(few.warnings.at(-1).message, "stopped at 2 skills (the skill limit)");
    await assert.rejects(loadSkills(many, { maxDepth: -1 }), { name: "TypeError", message: /maxDepth/ });
    await assert.rejects(loadSkills(join(many, "absent")), /cannot read the folder/);
    assert.ok(statSync(many).isDirectory());
  });
});

describe("skillsFrom", () => {
  it("takes skills as data and offers no tool without skills", async () => {
    const skills = skillsFrom([
      { name: "notes", description: "Take notes", body: "Write them down.", files: { "tpl/a.md": "A" } },
      { name: "Bad Name", description: "x" },
    ]);
    assert.deepEqual(skills.list.map((s) => s.name), ["notes"]);
    assert.equal(skills.skipped[0].path, "defs[1]");
    const shown = await skills.tool.execute({ name: "notes" });
    assert.equal(shown.output, 'Skill "notes"\n\nWrite them down.\n\nResource files (paths relative to the skill\'s folder; read one with the `file` argument):\n- tpl/a.md');
    assert.equal((await skills.tool.execute({ name: "notes", file: "tpl/a.md" })).output, "A");
    const odd = await skills.tool.execute({ name: 1n });
    assert.equal(odd.isError, true);
    const empty = skillsFrom([]);
    assert.equal(empty.tool, undefined);
    assert.equal(empty.prompt(), "");
    assert.throws(() => skillsFrom([{ name: 1 }]), { name: "TypeError", message: /defs\[0\]\.name/ });
    assert.throws(() => skillsFrom([{ name: "a", description: "d", files: { "../x": "" } }]), /goes outside/);
  });
});

describe("createToolkit({ skills })", () => {
  it("registers the skill tool and exposes the catalog", async () => {
    const tk = await createToolkit({ skills: CORPUS });
    assert.ok(tk.has("skill"));
    assert.match(tk.skills.prompt(), /<name>mcp-builder<\/name>/);
    const [answer] = await tk.runAnthropic({ content: [{ type: "tool_use", id: "t1", name: "skill", input: { name: "nope" } }] });
    assert.equal(answer.is_error, true);
    assert.match(answer.content, /^Unknown skill "nope"\. Available skills: algorithmic-art, /);
    const none = await createToolkit({ skills: skillsFrom([]) });
    assert.equal(none.has("skill"), false);
    assert.equal(none.skills.prompt(), "");
    assert.equal((await createToolkit()).skills.prompt(), "");
  });
});
