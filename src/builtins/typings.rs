//! The TypeScript declarations of `builtinTools`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const BUILTINS_TYPES: &'static str = r#"
/** The names of the builtin tools. */
export type BuiltinToolName = "bash" | "read" | "write" | "edit" | "glob" | "grep";

/** The options of {@link builtinTools}. Times in milliseconds. */
export interface BuiltinToolsOptions {
  /** The folder the tools may touch (required): every path must stay inside it, links included. */
  root: string;
  /** The tools to give (default: all six). */
  tools?: readonly BuiltinToolName[];
  /** `bash`'s timeout when a call gives none: default 120000 (2 minutes), at most 600000. */
  timeout?: number;
  /** `bash` output kept, in characters (its start and end): default 32000. */
  maxOutput?: number;
  /** `read`: lines per call (default 2000). */
  maxLines?: number;
  /** `read`, `grep`: characters per line (default 2000). */
  maxLineLength?: number;
  /** `glob`, `grep`: results per call (default 1000). */
  maxResults?: number;
  /** Variables a command gets besides PATH, HOME, LANG, TERM and a few more; nothing else of this process's environment reaches it. */
  env?: Record<string, string>;
}

/**
 * A shell and files for the model, confined to `root`, bounded, and only when asked for:
 * `bash`, `read`, `write`, `edit`, `glob` and `grep` as {@link Tool}s with `source: "builtin"`.
 * Node.js, Bun and Deno only: the browser and edge entries throw a `TypeError`. Throws a
 * `TypeError` for options it cannot use (no `root`, an unknown tool, a timeout over 10 minutes).
 */
export function builtinTools(options: BuiltinToolsOptions): Tool[];
"#;
