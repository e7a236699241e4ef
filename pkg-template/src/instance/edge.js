// Edge runtimes (Cloudflare workerd): the WebAssembly arrives as modules the platform compiled
// when the code was deployed (`import wasm from "./toolnexus_bg.wasm"`, the form wrangler and
// plain workerd bundles take); compiling bytes at run time is refused there. The glue is web/'s.
import * as glue from "../web/toolnexus.js";
import wasm from "./toolnexus_bg.wasm";
import rules from "./toolnexus_rules.wasm";

import { attach, moduleOf } from "../core.js";

attach(glue.initSync({ module: moduleOf(wasm) }), { portable: () => moduleOf(rules) });
