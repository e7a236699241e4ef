// An edge function in the service-worker form that Vercel's Edge Runtime (and Next.js
// middleware) run: each request runs the browser checks and answers with their results as JSON.
import * as toolnexus from "toolnexus";

import { runChecks } from "./checks.js";

addEventListener("fetch", (event) => {
  event.respondWith(runChecks(toolnexus).then((results) => Response.json(results)));
});
