// Tools out: `toOpenAI`, `toOpenAIResponses`, `toAnthropic`, `toGemini`, `toMCP`. Each reads
// the tools' name, description and inputSchema once, hands the list to the core as one JSON
// string, and parses the core's answer: the result is always fresh objects, never a tool's own
// schema, and the input is never touched. The core checks the names and rewrites the schemas.

/**
 * @param {{ toolsOut: (target: string, tools: string, explain: boolean) => string }} core
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

  const strictTarget = (fn, base, opts) => {
    const { strict } = options(fn, opts);
    if (strict === undefined) return base;
    if (typeof strict !== "boolean") throw new TypeError(`${fn}: options.strict must be a boolean`);
    return strict ? `${base}:strict` : `${base}:loose`;
  };

  const geminiTarget = (opts) => {
    const { dialect } = options("toGemini", opts);
    if (dialect === undefined || dialect === "jsonSchema") return "gemini";
    if (dialect === "openapi") return "gemini:openapi";
    throw new TypeError(`toGemini: options.dialect must be "jsonSchema" or "openapi", not ${String(dialect)}`);
  };

  const toOpenAI = (tools, opts) => run("toOpenAI", strictTarget("toOpenAI", "openai", opts), tools, false);
  // Responses always carries `strict` (the API takes a missing one as true): false unless asked.
  const toOpenAIResponses = (tools, opts) => {
    const target = strictTarget("toOpenAIResponses", "responses", opts);
    return run("toOpenAIResponses", target === "responses:loose" ? "responses" : target, tools, false);
  };
  const toAnthropic = (tools) => run("toAnthropic", "anthropic", tools, false);
  const toGemini = (tools, opts) => run("toGemini", geminiTarget(opts), tools, false);
  const toMCP = (tools) => run("toMCP", "mcp", tools, false);

  return { toOpenAI, toOpenAIResponses, toAnthropic, toGemini, toMCP };
}
