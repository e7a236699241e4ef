//! Tools out: each provider's schema dialect, written in Rust over `serde_json` values.
//!
//! - [`walk`]: what every dialect shares (`$ref` resolution, subschema keywords, property
//!   paths, the record of changes).
//! - [`defs`]: the definitions no reachable `$ref` uses, dropped by the rewriting dialects.
//! - [`openai`]: OpenAI strict mode, with its non-strict fallback.
//! - [`gemini`]: Gemini's `parametersJsonSchema` and `openapi` (`Schema`) dialects.
//! - [`out`]: a tool list in one provider's format, names checked per target.
//! - [`nulls`]: strict mode's `null`s for optional properties, removed from a call's
//!   arguments before the tool runs.
//!
//! Anthropic and MCP take the schema as given: [`out`] copies it.

pub mod defs;
pub mod gemini;
pub mod nulls;
pub mod openai;
pub mod ops;
pub mod out;
pub mod walk;

pub use nulls::remove_optional_nulls;
pub use ops::op;
pub use out::{tools_out, Target};
