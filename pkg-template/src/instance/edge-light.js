// Vercel's Edge Runtime (edge-light): as edge.js, with the `.wasm?module` imports Vercel's edge
// functions document.
import * as glue from "../web/toolnexus.js";
import wasm from "./toolnexus_bg.wasm?module";
import rules from "./toolnexus_rules.wasm?module";

import { attach, moduleOf } from "../core.js";

attach(glue.initSync({ module: moduleOf(wasm) }), { portable: () => moduleOf(rules) });
