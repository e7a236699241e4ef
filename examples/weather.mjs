// The tools the provider examples give their model.
import { defineTool } from "toolnexus";

const TEMPERATURES = { Paris: 18, Tokyo: 24 };

export const getWeather = defineTool({
  name: "get_weather",
  description: "The current temperature of a city, in degrees Celsius",
  inputSchema: {
    type: "object",
    properties: { city: { type: "string", description: "The city's English name" } },
    required: ["city"],
    additionalProperties: false,
  },
  run: ({ city }) => {
    if (!(city in TEMPERATURES)) throw new Error(`No weather station in ${city}`);
    return { city, celsius: TEMPERATURES[city] };
  },
});
