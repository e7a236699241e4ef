// A two-turn tool loop with the `openai` SDK's Chat Completions client, against recorded
// responses (no network): the model asks for two tools at once, the toolkit answers both, the
// model answers in words. `node examples/openai.mjs`
import assert from "node:assert/strict";
import OpenAI from "openai";
import { Toolkit } from "toolnexus";

import { recordedFetch } from "./recorded.mjs";
import { getWeather } from "./weather.mjs";

const recorded = recordedFetch([
  {
    id: "chatcmpl-1", object: "chat.completion", created: 1767225600, model: "gpt-4.1-mini",
    choices: [{
      index: 0, finish_reason: "tool_calls", logprobs: null,
      message: {
        role: "assistant", content: null, refusal: null,
        tool_calls: [
          { id: "call_paris", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Paris\"}" } },
          { id: "call_tokyo", type: "function", function: { name: "get_weather", arguments: "{\"city\":\"Tokyo\"}" } },
        ],
      },
    }],
  },
  {
    id: "chatcmpl-2", object: "chat.completion", created: 1767225601, model: "gpt-4.1-mini",
    choices: [{
      index: 0, finish_reason: "stop", logprobs: null,
      message: { role: "assistant", content: "Paris is at 18 °C and Tokyo at 24 °C.", refusal: null },
    }],
  },
]);

const tk = new Toolkit([getWeather]);
const client = new OpenAI({ apiKey: "recorded", fetch: recorded.fetch, maxRetries: 0 });
const messages = [{ role: "user", content: "How warm is it in Paris and in Tokyo?" }];

for (let turn = 1; ; turn++) {
  const completion = await client.chat.completions.create({ model: "gpt-4.1-mini", messages, tools: tk.toOpenAI() });
  const message = completion.choices[0].message;
  messages.push(message);
  if (!message.tool_calls?.length) break;
  messages.push(...(await tk.runOpenAI(message)));
}

console.log(messages.at(-1).content);

// What the second request sent back to the model: one tool message per call, in order.
const second = recorded.requests[1].body;
assert.equal(second.tools[0].function.name, "get_weather");
assert.deepEqual(second.messages.slice(2), [
  { role: "tool", tool_call_id: "call_paris", content: "{\"city\":\"Paris\",\"celsius\":18}" },
  { role: "tool", tool_call_id: "call_tokyo", content: "{\"city\":\"Tokyo\",\"celsius\":24}" },
]);
