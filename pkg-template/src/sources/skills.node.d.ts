// The declarations of sources/skills.node.js, published in the package's index.d.ts (scripts/types.mjs).
import type { Skills } from "./skills.js";

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
