// The `Tool` class, `defineTool` and `sanitize`, wired around the WebAssembly core. This module
// moves values; the core decides. Its exports take and return numbers only: this module tells the
// core the free facts about a value (its type), the core answers with a question or a row, and
// this module answers each question by running that one check itself, in a `try`. Text crosses
// through one fixed buffer in WebAssembly memory. So no JavaScript runs inside a WebAssembly
// call, Rust holds no JavaScript value, and nothing is allocated in WebAssembly memory per call
// or per tool: a dropped tool is garbage like any other object, and nobody calls `free()`.
//
// The parts: tool-buffer.js (the instance, the text buffer, type codes), tool-result.js (the
// result table: `execute`), tool-definition.js (the definition check), sanitize.js.

import { TYPE_PHRASES } from "./protocol.js";
import { typeCode } from "./tool-buffer.js";
import { init, made } from "./tool-definition.js";
import { executeOf, messageOf, resultOfThrown } from "./tool-result.js";
import { sanitize } from "./sanitize.js";

// `defineTool` builds through the class constructor too (V8 then sizes every tool for its
// five in-object fields); this module-private token is how it asks for `run` and "native".
const DEFINING = Symbol("defineTool");
// How the package's own sources build a tool (`sourceTool`): their function is the tool's
// `execute` as it is.
const SOURCE = Symbol("source");

class Tool {
  constructor(spec, how) {
    const fn = init(spec, how === DEFINING);
    this.name = made.name;
    this.description = made.description;
    this.inputSchema = made.inputSchema;
    this.source = made.source;
    this.execute = how === SOURCE ? fn : executeOf(fn);
    made.inputSchema = undefined; // the user's schema is the tool's alone
  }
}

function defineTool(opts) {
  return new Tool(opts, DEFINING);
}

// A tool of one of the package's own sources (httpTool, fromOpenAPI, fromA2A), whose `execute`
// already keeps the contract: every result it answers is one the core made, `args` null or
// undefined is `{}` to it, and it never rejects, answering what it throws past its own handling
// with `resultOfThrown`. So nothing is wrapped around it: no second async function and no
// question to the core about a result the core made.
const sourceTool = (spec) => new Tool(spec, SOURCE);

// For the other modules, not exports of the package: `executeOf` (a Toolkit wraps plain-object
// tools with it), `messageOf` (message(e), as the core words it), `sourceTool` and
// `resultOfThrown` (the sources' tools).
/** A value's type as messages word it ("null", "an array", "a string"…); never throws. */
const phraseOf = (value) => TYPE_PHRASES[typeCode(value)];

export { Tool, defineTool, sanitize, executeOf, messageOf, phraseOf, sourceTool, resultOfThrown };

// Each export against its declaration in tool.d.ts (tsc --checkJs, scripts/types.mjs).
/** @satisfies {typeof import("./tool.js").Tool} */ (Tool);
/** @satisfies {typeof import("./tool.js").defineTool} */ (defineTool);
/** @satisfies {typeof import("./tool.js").sanitize} */ (sanitize);
/** @satisfies {typeof import("./tool.js").executeOf} */ (executeOf);
/** @satisfies {typeof import("./tool.js").messageOf} */ (messageOf);
/** @satisfies {typeof import("./tool.js").phraseOf} */ (phraseOf);
/** @satisfies {typeof import("./tool.js").sourceTool} */ (sourceTool);
/** @satisfies {typeof import("./tool.js").resultOfThrown} */ (resultOfThrown);
