// A Node.js app, as ES module source: bundled by esbuild (--platform=node, ESM) and webpack
// (target node), then run with no node_modules beside it. Prints the checks as JSON.
import * as toolnexus from "toolnexus";

import { runChecks } from "./checks.js";

runChecks(toolnexus, { node: true }).then((results) => console.log(JSON.stringify(results)));
