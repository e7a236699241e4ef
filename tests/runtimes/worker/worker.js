// A Cloudflare Worker that uses toolnexus: each request runs the browser checks (define a
// tool, execute it, sanitize, …) and answers with their results as JSON.
import "./no-compile.js";
import * as toolnexus from "toolnexus";

import { runChecks } from "./checks.js";

export default {
  async fetch() {
    return Response.json(await runChecks(toolnexus));
  },
};
