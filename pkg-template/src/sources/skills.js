// Agent skills as tools: a `Skills` value (the list, what was skipped and why, the warnings,
// the catalog for a system prompt, the one `skill` tool) and `skillsFrom`, skills given as data,
// which runs everywhere. `loadSkills` (folders) is skills.node.js's. Every rule is the core's
// (`skills.*` operations).

import { call } from "../core.js";
import { Tool } from "../tool.js";

/** Asks the core's `skills.*` operation `op`; a refusal is a TypeError with its message. */
export function ask(op, input) {
return call(`skills.${op}`, input);
}

// A skill's entry in `list`, in JavaScript's idiom (absent fields absent, `allowedTools`).
function entry(s) {
  const out = { name: s.name, description: s.description, folder: s.folder, path: s.path };
  if (s.license !== undefined) out.license = s.license;
  if (s.compatibility !== undefined) out.compatibility = s.compatibility;
  if (s.metadata !== undefined) out.metadata = s.metadata;
  if (s.allowed_tools !== undefined) out.allowedTools = s.allowed_tools;
  return out;
}

/** Skills loaded from folders (`loadSkills`) or data (`skillsFrom`). */
export class Skills {
  #prompt;

  /** @internal */
  constructor(loaded, tool, warnings) {
    this.list = loaded.skills.map(entry);
    this.skipped = loaded.skipped.map((s) => ({ path: s.path, reason: s.reason }));
    this.warnings = [...warnings, ...loaded.warnings].map((w) => ({ path: w.path, message: w.message }));
    this.tool = tool;
    this.#prompt = loaded.prompt;
  }

  /** The catalog for a system prompt: each skill's name and description, XML-escaped ("" when none). */
  prompt() {
    return this.#prompt;
  }
}

/**
 * A `Skills` over the core's answer `loaded`. `host` reads for the tool: `files(skill)` → every
 * resource path, `text(skill)` → its SKILL.md now (or `undefined` with `body(skill)` for data),
 * `resource(skill, file, limit)` → the core's `skills.read` input.
 */
export function skillsOf(loaded, options, host, warnings = []) {
  const records = new Map(loaded.skills.map((s) => [s.name, s]));
  const names = [...records.keys()];
  const limit = options.maxFileBytes;
  const execute = async (args) => {
    try {
      return await answer(args);
    } catch (error) {
      // Arguments that are not JSON (a BigInt, a cycle): the tool answers, it never rejects.
      return { output: `The skill tool could not read its arguments: ${error instanceof Error ? error.message : String(error)}`, isError: true };
    }
  };
  const answer = async (args) => {
    const asked = ask("call", { args, names });
    if (asked.error !== undefined) return { output: asked.error, isError: true };
    const skill = records.get(asked.name);
    let found;
    try {
      if (asked.file === undefined) {
        const [files, text] = await Promise.all([host.files(skill), host.text(skill)]);
        const shown = ask("show", { skill: host.body === undefined ? skill : { ...skill, body: host.body(skill) }, text, files });
        if (shown.error !== undefined) return { output: shown.error, isError: true };
        return { output: shown.output, isError: false, metadata: shown.metadata };
      }
      found = await host.resource(skill, asked.file, limit);
    } catch (error) {
      found = { status: "error", message: error instanceof Error ? error.message : String(error) };
    }
    const reply = ask("read", { name: skill.name, file: asked.file ?? "SKILL.md", limit, ...found });
    return { output: reply.output, isError: reply.isError };
  };
  const spec = loaded.tool;
  const tool = spec === null
    ? undefined
    : new Tool({ name: spec.name, description: spec.description, inputSchema: spec.input_schema, source: "skill", execute });
  return new Skills(loaded, tool, warnings);
}

/**
 * Skills from data: `[{ name, description, body?, files?: { path: text }, license?,
 * compatibility?, metadata?, allowedTools? }]`, under the same rules as folders (a
 * definition that breaks one is in `skipped` as `defs[i]`). Works in every runtime.
 */
export function skillsFrom(defs) {
  if (!Array.isArray(defs)) throw new TypeError("skillsFrom takes an array of skill definitions");
  const loaded = ask("from", { defs });
  const texts = new Map();
  for (const def of defs) {
    if (def !== null && typeof def === "object" && !texts.has(def.name)) texts.set(def.name, def);
  }
  const host = {
    files: async (skill) => skill.files,
    text: async () => undefined,
    body: (skill) => texts.get(skill.name).body ?? "",
    resource: async (skill, file) => {
      const files = texts.get(skill.name).files ?? {};
      const text = Object.prototype.hasOwnProperty.call(files, file) ? files[file] : undefined;
      return text === undefined ? { status: "missing" } : { status: "ok", text };
    },
  };
  return skillsOf(loaded, ask("options", {}), host);
}

/**
 * Folders to load, where the runtime reads files (skills.node.js sets it): what
 * `createToolkit({ skills: "./skills" })` uses.
 */
export const folders = { load: undefined };
