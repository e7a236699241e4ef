// The declarations of sources/skills.js, published in the package's index.d.ts (scripts/types.mjs).
import type { Tool } from "../tool.js";

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

// Not published: for the package's own modules.

export function ask(op: string, input: unknown): any;
export function skillsOf(loaded: any, options: any, host: any, warnings?: any[]): any;
export const folders: { load: any };
export const Skills: any;
