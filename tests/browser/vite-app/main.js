import * as toolnexus from "toolnexus";
import { runChecks } from "./checks.js";

window.__results = runChecks(toolnexus);
