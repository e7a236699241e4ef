// Edge runtimes (Cloudflare workerd): the WebAssembly arrives as a module the platform compiled
// when the code was deployed (`import wasm from "./toolnexus_bg.wasm"`, the form wrangler and
// plain workerd bundles take); compiling bytes at run time is refused there. The glue is web/'s.
import * as glue from "../web/toolnexus.js";
import wasm from "./toolnexus_bg.wasm";

import { attach } from "../core.js";
import { moduleOf } from "./module-of.js";

attach(glue, glue.initSync({ module: moduleOf(wasm) }));
