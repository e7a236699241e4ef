// A two-turn tool loop with the `openai` SDK's Responses client, against recorded responses
// (no network). `node examples/openai-responses.mjs`
import assert from "node:assert/strict";
import OpenAI from "openai";
import { Toolkit } from "toolnexus";

import { recordedFetch } from "./recorded.mjs";
import { getWeather } from "./weather.mjs";

const response = (id, output) => ({
  id, object: "response", created_at: 1767225600, status: "completed", model: "gpt-4.1-mini",
  output, parallel_tool_calls: true, tool_choice: "auto", tools: [], error: null, incomplete_details: null,
  instructions: null, metadata: {}, temperature: 1, top_p: 1,
});
const recorded = recordedFetch([
  response("resp_1", [
    { type: "function_call", id: "fc_1", call_id: "call_paris", name: "get_weather", arguments: "{\"city\":\"Paris\"}", status: "completed" },
    { type: "function_call", id: "fc_2", call_id: "call_oslo", name: "get_weather", arguments: "{\"city\":\"Oslo\"}", status: "completed" },
  ]),
  response("resp_2", [
    {
      type: "message", id: "msg_1", role: "assistant", status: "completed",
      content: [{ type: "output_text", text: "Paris is at 18 °C; I have no weather for Oslo.", annotations: [] }],
    },
  ]),
]);

const tk = new Toolkit([getWeather]);
const client = new OpenAI({ apiKey: "recorded", fetch: recorded.fetch, maxRetries: 0 });
const input = [{ role: "user", content: "How warm is it in Paris and in Oslo?" }];

for (;;) {
  const res = await client.responses.create({ model: "gpt-4.1-mini", input, tools: tk.toOpenAIResponses() });
  input.push(...res.output);
  const outputs = await tk.runOpenAIResponses(res);
  if (outputs.length === 0) {
    console.log(res.output_text);
    break;
  }
  input.push(...outputs);
}

const second = recorded.requests[1].body;
assert.equal(second.tools[0].name, "get_weather");
assert.deepEqual(second.input.slice(3), [
  { type: "function_call_output", call_id: "call_paris", output: "{\"city\":\"Paris\",\"celsius\":18}" },
  { type: "function_call_output", call_id: "call_oslo", output: "Error: No weather station in Oslo" },
]);
