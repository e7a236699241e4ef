// A two-turn tool loop with the `@anthropic-ai/sdk` client, against recorded responses (no
// network). `node examples/anthropic.mjs`
import assert from "node:assert/strict";
import Anthropic from "@anthropic-ai/sdk";
import { Toolkit } from "toolnexus";

import { recordedFetch } from "./recorded.mjs";
import { getWeather } from "./weather.mjs";

const usage = { input_tokens: 100, output_tokens: 20 };
const recorded = recordedFetch([
  {
    id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-5-5", stop_reason: "tool_use", stop_sequence: null, usage,
    content: [
      { type: "text", text: "I'll look both up." },
      { type: "tool_use", id: "toolu_paris", name: "get_weather", input: { city: "Paris" } },
      { type: "tool_use", id: "toolu_oslo", name: "get_weather", input: { city: "Oslo" } },
    ],
  },
  {
    id: "msg_2", type: "message", role: "assistant", model: "claude-sonnet-5-5", stop_reason: "end_turn", stop_sequence: null, usage,
    content: [{ type: "text", text: "Paris is at 18 °C; there is no weather station in Oslo." }],
  },
]);

const tk = new Toolkit([getWeather]);
const client = new Anthropic({ apiKey: "recorded", fetch: recorded.fetch, maxRetries: 0 });
const messages = [{ role: "user", content: "How warm is it in Paris and in Oslo?" }];

for (;;) {
  const message = await client.messages.create({ model: "claude-sonnet-5-5", max_tokens: 1024, messages, tools: tk.toAnthropic() });
  messages.push({ role: "assistant", content: message.content });
  if (message.stop_reason !== "tool_use") {
    console.log(message.content.map((block) => (block.type === "text" ? block.text : "")).join(""));
    break;
  }
  messages.push({ role: "user", content: await tk.runAnthropic(message) });
}

const second = recorded.requests[1].body;
assert.equal(second.tools[0].name, "get_weather");
assert.deepEqual(second.messages[2], {
  role: "user",
  content: [
    { type: "tool_result", tool_use_id: "toolu_paris", content: "{\"city\":\"Paris\",\"celsius\":18}", is_error: false },
    { type: "tool_result", tool_use_id: "toolu_oslo", content: "No weather station in Oslo", is_error: true },
  ],
});
