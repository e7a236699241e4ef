// A browser app: bundled by webpack (target web) and rollup, then loaded in Chromium.
import * as toolnexus from "toolnexus";

import { runChecks } from "./checks.js";

window.__results = runChecks(toolnexus);
