// The Node.js part of the http source: `${VAR}` in headers read from Deno's environment, else
// from `process.env` (Node.js, Bun). Kept out of the browser and edge entries, which read no
// `process`.
import { setEnvReader } from "./http.js";

setEnvReader((name) => {
  const deno = globalThis.Deno;
  if (deno && deno.env && typeof deno.env.get === "function") {
    try {
      return deno.env.get(name);
    } catch {
      return undefined; // no --allow-env: unset
    }
  }
  return typeof process === "object" && process.env ? process.env[name] : undefined;
});
