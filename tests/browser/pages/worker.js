// A module worker: import maps do not reach workers, so the package is imported by path.
import * as toolnexus from "/node_modules/toolnexus/web/index.js";
import { runChecks } from "./checks.js";
// The decorator checks: TypeScript with standard decorators, compiled by tsc.
import { runDecoratorChecks } from "/decorator/checks.js";

Promise.all([runChecks(toolnexus), runDecoratorChecks(toolnexus)]).then((r) => postMessage(r.flat()));
