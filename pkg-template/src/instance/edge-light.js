// Vercel's Edge Runtime (edge-light): as edge.js, with the `.wasm?module` import Vercel's edge
// functions document.
import * as glue from "../web/toolnexus.js";
import wasm from "./toolnexus_bg.wasm?module";

import { attach } from "../core.js";
import { moduleOf } from "./module-of.js";

attach(glue, glue.initSync({ module: moduleOf(wasm) }));
