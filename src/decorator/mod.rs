//! SPEC §6's decorator form: `tool(description, { name?, inputSchema? })` and
//! `collectTools(obj)`. They live in the JavaScript entry (`pkg-template/src/decorator.js`), built
//! on `defineTool`, whose checks and `execute` contract they reuse; this module holds their
//! TypeScript declarations, which land in the generated `.d.ts`.

#[cfg(target_arch = "wasm32")]
mod typings;
