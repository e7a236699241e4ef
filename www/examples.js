// The example definitions offered by the playground's <select>. Each `definition` is the text
// of a JavaScript expression evaluated with `defineTool`, `Tool` and `sanitize` in scope.

const weather = `defineTool({
  name: "get_weather",
  description: "Current weather for a city (sample data, offline)",
  inputSchema: {
    type: "object",
    properties: {
      city: { type: "string", description: "City name, e.g. Paris" },
      units: {
        type: "string",
        enum: ["celsius", "fahrenheit"],
        default: "celsius",
      },
    },
    required: ["city"],
    additionalProperties: false,
  },
  run: async ({ city, units = "celsius" }) => {
    const cities = {
      paris: { name: "Paris", tempC: 18, sky: "light rain" },
      tokyo: { name: "Tokyo", tempC: 24, sky: "clear sky" },
      nairobi: { name: "Nairobi", tempC: 21, sky: "partly cloudy" },
      reykjavik: { name: "Reykjavik", tempC: 4, sky: "snow showers" },
    };
    if (typeof city !== "string" || city.trim() === "") {
      throw new Error('"city" is required, e.g. { "city": "Paris" }');
    }
    const found = cities[city.trim().toLowerCase()];
    if (!found) {
      throw new Error(
        \`Unknown city "\${city}". Try Paris, Tokyo, Nairobi, Reykjavik\`,
      );
    }
    if (units !== "celsius" && units !== "fahrenheit") {
      const got = JSON.stringify(units);
      throw new Error(\`units must be celsius or fahrenheit, got \${got}\`);
    }
    const temp = units === "fahrenheit"
      ? \`\${Math.round((found.tempC * 9) / 5 + 32)}°F\`
      : \`\${found.tempC}°C\`;
    return \`\${found.name}: \${temp}, \${found.sky}\`;
  },
})`;

const convert = `defineTool({
  name: "convert_length",
  description: "Convert a length between metric and imperial units",
  inputSchema: {
    type: "object",
    properties: {
      value: { type: "number" },
      from: { enum: ["mm", "cm", "m", "km", "in", "ft"] },
      to: { enum: ["mm", "cm", "m", "km", "in", "ft"] },
    },
    required: ["value", "from", "to"],
  },
  // A returned { output, isError, metadata } is passed through as is.
  run: ({ value, from, to }) => {
    const metres = {
      mm: 0.001, cm: 0.01, m: 1, km: 1000,
      in: 0.0254, ft: 0.3048,
    };
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new TypeError('"value" must be a finite number');
    }
    for (const [field, unit] of [["from", from], ["to", to]]) {
      if (!Object.hasOwn(metres, unit)) {
        const known = Object.keys(metres).join(", ");
        const msg = \`Unknown \${field} unit \${JSON.stringify(unit)}\`;
        throw new RangeError(\`\${msg}; use one of \${known}\`);
      }
    }
    const factor = metres[from] / metres[to];
    const result = Number((value * factor).toPrecision(6));
    return {
      output: \`\${value} \${from} = \${result} \${to}\`,
      isError: false,
      metadata: { result, factor, from, to },
    };
  },
})`;

const divide = `// new Tool takes execute directly; its source defaults to "custom".
new Tool({
  name: "divide",
  description: "Divide a by b. Throws a RangeError when b is 0",
  inputSchema: {
    type: "object",
    properties: { a: { type: "number" }, b: { type: "number" } },
    required: ["a", "b"],
  },
  execute: async ({ a, b }) => {
    if (typeof a !== "number" || typeof b !== "number") {
      throw new TypeError('"a" and "b" must both be numbers');
    }
    if (b === 0) throw new RangeError("cannot divide by zero");
    return a / b;
  },
})`;

export const examples = [
  {
    id: "weather",
    label: "Weather: async run, throws on bad input",
    definition: weather,
    args: `{ "city": "Paris", "units": "celsius" }`,
  },
  {
    id: "convert",
    label: "Length: returns a ToolResult with metadata",
    definition: convert,
    args: `{ "value": 10, "from": "km", "to": "ft" }`,
  },
  {
    id: "divide",
    label: "Divide: new Tool that throws",
    definition: divide,
    args: `{ "a": 1, "b": 0 }`,
  },
];
