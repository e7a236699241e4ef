// Tools out: `toOpenAI`, `toOpenAIResponses`, `toAnthropic`, `toGemini`, `toMCP`. Each reads
// the tools' name, description and inputSchema once, hands the list to the core as one JSON
// string, and parses the core's answer: the result is always fresh objects, never a tool's own
// schema, and the input is never touched. The core checks the names and rewrites the schemas.

/**
 * @param {{ toolsOut: (target: number, tools: string, explain: boolean) => string }} core
 *   the wasm exports
 */
export function adaptersApi(core, api) {
  const { toolsOut } = core;

  const run = (fn, target, tools, explain) => {
    if (tools === null || tools === undefined || typeof tools[Symbol.iterator] !== "function") {
      throw new TypeError(`${fn}: tools must be an iterable of tools (an array or a Toolkit)`);
    }
    const list = [];
    for (const tool of tools) {
      list.push(tool !== null && typeof tool === "object"
        ? { name: tool.name, description: tool.description, inputSchema: tool.inputSchema }
        : null);
    }
    const answer = JSON.parse(toolsOut(target, JSON.stringify(list), explain));
    if (!Array.isArray(answer) && typeof answer.error === "string") throw new TypeError(answer.error);
    return answer;
  };

  const options = (fn, opts) => {
    if (opts === undefined || opts === null) return {};
    if (typeof opts !== "object") throw new TypeError(`${fn}: options must be an object`);
    return opts;
  };

  // Target codes (the core's `Target::from_code`): OpenAI 0, strict 1, strict: false 2;
  // Responses 3, strict 4; Anthropic 5; Gemini 6, openapi 7; MCP 8.
  const strictOf = (fn, opts) => {
    const { strict } = options(fn, opts);
    if (strict !== undefined && typeof strict !== "boolean") {
      throw new TypeError(`${fn}: options.strict must be a boolean`);
    }
    return strict;
  };

  const toOpenAI = (tools, opts) => {
    const strict = strictOf("toOpenAI", opts);
    return run("toOpenAI", strict === undefined ? 0 : strict ? 1 : 2, tools, false);
  };
  // Responses always carries `strict` (the API takes a missing one as true): false unless asked.
  const toOpenAIResponses = (tools, opts) =>
    run("toOpenAIResponses", strictOf("toOpenAIResponses", opts) ? 4 : 3, tools, false);
  const toAnthropic = (tools) => run("toAnthropic", 5, tools, false);
  const toGemini = (tools, opts) => {
    const { dialect } = options("toGemini", opts);
    if (dialect !== undefined && dialect !== "jsonSchema" && dialect !== "openapi") {
      throw new TypeError(`toGemini: options.dialect must be "jsonSchema" or "openapi", not ${String(dialect)}`);
    }
    return run("toGemini", dialect === "openapi" ? 7 : 6, tools, false);
  };
  const toMCP = (tools) => run("toMCP", 8, tools, false);

  return { toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP };
}
