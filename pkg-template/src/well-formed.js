// Text the core can read. A JavaScript string may hold a lone surrogate, which no Rust string
// (and so no JSON the core parses) can: such a unit becomes U+FFFD, one unit as it was, so
// every per-unit rule (sanitize, the names rule) gives what it would have given.

// JSON.stringify writes a lone surrogate as a `\udXXX` escape and a pair as the characters
// themselves, so in its output every such escape not itself escaped is a lone one.
const LONE_ESCAPE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/gi;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` with each lone surrogate as U+FFFD.
 * @param {string} text
 * @returns {string}
 */
export const wellFormed = (text) => text.replace(LONE_SURROGATE, "\uFFFD");

/**
 * JSON text from JSON.stringify with each lone surrogate's escape as U+FFFD's.
 * @param {string} json
 * @returns {string}
 */
export const wellFormedJson = (json) => json.replace(LONE_ESCAPE, "$1\\ufffd");
