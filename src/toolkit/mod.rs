//! The Toolkit and MCP-in areas. Their behaviour lives in `pkg-template/src/toolkit.js` and
//! `pkg-template/src/mcp.js` (they move values between a model's tool calls and the tools; the
//! decisions about a tool's result are the core's, through `executeOf`). This module holds
//! their TypeScript declarations.

mod typings;
