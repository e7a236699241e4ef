// `grow` adds a tool and says so with notifications/tools/list_changed.
import { serve } from "./tiny.mjs";

let n = 0;
serve({
  grow: (_, server) => {
    n += 1;
    server.tools[`grown_${n}`] = () => `grown ${n}`;
    server.notify("notifications/tools/list_changed");
    return `now ${Object.keys(server.tools).length} tools`;
  },
});
