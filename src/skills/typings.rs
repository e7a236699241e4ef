//! The TypeScript declarations of `loadSkills`, `skillsFrom` and `Skills`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SKILLS_TYPES: &'static str = r#"
/** A loaded skill: its frontmatter's fields, its folder and its `SKILL.md` (`null` for data). */
export interface SkillInfo {
  name: string;
  description: string;
  folder: string | null;
  path: string | null;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string | null>;
  /** The frontmatter's `allowed-tools`. */
  allowedTools?: string;
}

/** A `SKILL.md` (or a definition, `defs[i]`) that was not loaded, and why. */
export interface SkippedSkill { path: string; reason: string }

/** Something a person may want to fix: a skill that loaded anyway, or where the search stopped. */
export interface SkillWarning { path: string; message: string }

/** What {@link loadSkills} and {@link skillsFrom} give. */
export interface Skills {
  readonly list: SkillInfo[];
  readonly skipped: SkippedSkill[];
  readonly warnings: SkillWarning[];
  /** The one `skill` tool (`source: "skill"`); `undefined` when no skill loaded. */
  readonly tool: Tool | undefined;
  /** The catalog for a system prompt: names and descriptions, XML-escaped (`""` when none). */
  prompt(): string;
}

/** The bounds of {@link loadSkills}; reaching one adds a warning. */
export interface LoadSkillsOptions {
  /** How deep below each folder to look (default 6). */
  maxDepth?: number;
  /** How many folders to search in all (default 10,000). */
  maxFolders?: number;
  /** How many skills to load (default 1,000). */
  maxSkills?: number;
  /** The most the tool reads of a resource file, in bytes (default 262,144). */
  maxFileBytes?: number;
  /** The largest `SKILL.md` read, in bytes (default 1,048,576). */
  maxSkillBytes?: number;
}

/**
 * Loads the skills (folders with a `SKILL.md`) under `dirs`; the first folder given wins a name
 * two skills share. Node.js, Bun and Deno; elsewhere it rejects with a `TypeError`.
 *
 * @example
 * const skills = await loadSkills("./skills")
 * const system = `You are a helpful agent.\n\n${skills.prompt()}`
 * const tools = toOpenAI(skills.tool ? [skills.tool] : [])
 */
export function loadSkills(dirs: string | readonly string[], options?: LoadSkillsOptions): Promise<Skills>;

/** A skill given as data. `files` maps relative paths to their text. */
export interface SkillDefinition {
  name: string;
  description: string;
  body?: string;
  files?: Record<string, string>;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  allowedTools?: string;
}

/** Skills from data, under the same rules as folders; works in every runtime. */
export function skillsFrom(defs: readonly SkillDefinition[]): Skills;
"#;
