// Dies in the middle of its first call ever (a marker file remembers it), then, started
// again, answers normally.
import { existsSync, writeFileSync } from "node:fs";

import { serve } from "./tiny.mjs";

serve({
  work: () => {
    const marker = process.env.MARKER;
    if (!existsSync(marker)) {
      writeFileSync(marker, String(process.pid));
      process.stderr.write("dying on purpose\n");
      process.exit(3);
    }
    return `done by ${process.pid}`;
  },
});
