// httpTool and fromOpenAPI as a TypeScript user writes them: the results are Tools, the
// options typed (a wrong body encoding is refused).
import { fromOpenAPI, httpTool, toOpenAI, type Tool } from "toolnexus";

const weather: Tool = httpTool({ name: "weather", url: "https://api.example.com/weather/{city}", timeout: 5000 });
const tools: Tool[] = fromOpenAPI("{}", { baseUrl: "https://api.example.com", include: ["pets"], headers: { Authorization: "Bearer ${TOKEN}" } });
toOpenAI([weather, ...tools], { strict: true });
// @ts-expect-error: not an encoding
httpTool({ name: "x", url: "https://h", body: "xml" });
