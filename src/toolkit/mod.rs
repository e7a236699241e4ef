//! The Toolkit and MCP-in areas: what the Toolkit decides about a model's tool calls (which call
//! runs, what a malformed one is answered with, each provider's answer entries) and how an MCP
//! `CallToolResult` reads as a tool's result, behind the `toolkit.*` operations; and the
//! TypeScript declarations of the npm package's Toolkit (`pkg-template/src/toolkit.js`,
//! `pkg-template/src/mcp.js`).

pub mod calls;
pub mod mcp;
pub mod messages;
pub mod ops;
#[cfg(target_arch = "wasm32")]
mod typings;

pub use ops::op;
