// Child process of fuzz.test.mjs ("found by fuzzing"): a revoked Proxy passed 20,000 times as
// each definition field must get a TypeError naming that field every time, and leave the
// module working. Prints one JSON line: { wrong, after }.
import { defineTool, sanitize, Tool } from "toolnexus";

const { proxy, revoke } = Proxy.revocable({}, {});
revoke();
/** @type {any} */
const bad = proxy;
/** @type {Record<string, () => unknown>} */
const calls = {
  value: () => sanitize(bad),
  name: () => defineTool({ name: bad, description: "", run() {} }),
  description: () => defineTool({ name: "a", description: bad, run() {} }),
  inputSchema: () => new Tool({ name: "a", description: "", inputSchema: bad, execute() {} }),
  source: () => defineTool({ name: "a", description: "", source: bad, run() {} }),
};
/** @type {Record<string, string>} */
const wrong = {};
for (let i = 0; i < 20000; i++) {
  for (const [field, call] of Object.entries(calls)) {
    try {
      call();
      wrong[field] ??= `call ${i} did not throw`;
    } catch (e) {
      if (!(e instanceof TypeError) || !e.message.includes(field)) wrong[field] ??= `call ${i}: ${e}`;
    }
  }
}
let after;
try {
  after = `${sanitize("a b")} ${defineTool({ name: "ok", description: "", run() {} }).name}`;
} catch (e) {
  after = String(e);
}
console.log(JSON.stringify({ wrong, after }));
