// The result paths of execute, one `run` function each, for soak.test.mjs's per-path memory
// check (execute-path.mjs runs one of them in a child process).

/** @type {Record<string, () => unknown>} */
export const PATHS = {
  "a string": () => "s",
  "an object (JSON)": () => ({ a: [1, "x"] }),
  "a ToolResult passthrough": () => ({ output: "o", isError: false, metadata: { k: 1 } }),
  "undefined": () => undefined,
  "a thenable": () => ({ then: (/** @type {(v: string) => void} */ ok) => ok("t") }),
  "a rejection": () => Promise.reject(new Error("r")),
  "an async throw": async () => {
    throw new Error("a");
  },
  "a thenable that rejects": () => ({ then: (/** @type {unknown} */ _, /** @type {(e: Error) => void} */ fail) => fail(new Error("t")) }),
  "a Proxy whose has trap throws": () => new Proxy({}, { has() { throw new Error("h"); } }),
  "a synchronous throw": () => {
    throw new Error("x");
  },
  "a then that throws": () => ({ then() { throw new Error("t"); } }),
  "a BigInt (JSON.stringify throws)": () => 1n,
  "a cycle (JSON.stringify throws)": () => {
    /** @type {Record<string, unknown>} */
    const o = {};
    o.o = o;
    return o;
  },
  "a value that cannot be shown, thrown": () => {
    throw Object.create(null);
  },
};
