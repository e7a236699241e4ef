// Answers `env` with its whole environment, so a test can see what reached it.
import { serve } from "./tiny.mjs";

serve({ env: () => JSON.stringify(process.env) });
