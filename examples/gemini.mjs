// A two-turn tool loop with the `@google/genai` client, against recorded responses (no
// network). `node examples/gemini.mjs`
import assert from "node:assert/strict";
import { GoogleGenAI } from "@google/genai";
import { Toolkit } from "toolnexus";

import { recordedFetch } from "./recorded.mjs";
import { getWeather } from "./weather.mjs";

const recorded = recordedFetch([
  {
    candidates: [{
      index: 0, finishReason: "STOP",
      content: {
        role: "model",
        parts: [
          { functionCall: { name: "get_weather", args: { city: "Paris" } } },
          { functionCall: { name: "get_weather", args: { city: "Tokyo" } } },
        ],
      },
    }],
    modelVersion: "gemini-2.5-flash",
  },
  {
    candidates: [{ index: 0, finishReason: "STOP", content: { role: "model", parts: [{ text: "Paris is at 18 °C and Tokyo at 24 °C." }] } }],
    modelVersion: "gemini-2.5-flash",
  },
]);

const tk = new Toolkit([getWeather]);
const ai = new GoogleGenAI({ apiKey: "recorded", httpOptions: { fetch: recorded.fetch } });
const contents = [{ role: "user", parts: [{ text: "How warm is it in Paris and in Tokyo?" }] }];

for (;;) {
  const response = await ai.models.generateContent({ model: "gemini-2.5-flash", contents, config: { tools: tk.toGemini() } });
  contents.push(response.candidates[0].content);
  if (!response.functionCalls?.length) {
    console.log(response.text);
    break;
  }
  contents.push({ role: "user", parts: await tk.runGemini(response) });
}

const second = recorded.requests[1].body;
assert.equal(second.tools[0].functionDeclarations[0].name, "get_weather");
assert.deepEqual(second.contents[2], {
  role: "user",
  parts: [
    { functionResponse: { name: "get_weather", response: { output: "{\"city\":\"Paris\",\"celsius\":18}" } } },
    { functionResponse: { name: "get_weather", response: { output: "{\"city\":\"Tokyo\",\"celsius\":24}" } } },
  ],
});
