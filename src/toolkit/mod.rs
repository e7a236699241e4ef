//! The Toolkit and MCP-in areas: what the Toolkit decides about a model's tool calls (which call
//! runs, what a malformed one is answered with, each provider's answer entries) and how an MCP
//! `CallToolResult` reads as a tool's result, behind the `toolkit.*` operations (the npm
//! package's `pkg-template/src/toolkit.js` and `pkg-template/src/mcp.js`; their declarations
//! are beside them).

pub mod calls;
pub mod mcp;
pub mod messages;
pub mod ops;

pub use ops::op;
