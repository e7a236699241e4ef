// A module worker: import maps do not reach workers, so the package is imported by path.
import * as toolnexus from "/node_modules/toolnexus/web/index.js";
import { runChecks } from "./checks.js";

runChecks(toolnexus).then((results) => postMessage(results));
