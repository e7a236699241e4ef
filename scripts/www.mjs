// The browser playground: serves www/ at / and the built package pkg/ at /pkg/ on 127.0.0.1.
// Everything is local (no CDN), so it works offline. `npm run www` builds pkg/ first, then runs
// this; `PORT=3000 node scripts/www.mjs` picks another port (default 8080).
// Tests import `startPlayground({ port: 0 })` and get `{ server, url }` back.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./serve.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Starts the playground server. Resolves to `{ server, url }` once listening; port 0 picks a
 * free port.
 * @param {{ port?: number, host?: string }} [options]
 */
export function startPlayground({ port = 8080, host = "127.0.0.1" } = {}) {
  return serve({ "/": resolve(root, "www"), "/pkg/": resolve(root, "pkg") }, { port, host });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  if (!existsSync(resolve(root, "pkg/web/index.js"))) {
    console.error("pkg/web/index.js is missing: build the package first (npm run build), or use npm run www");
    process.exit(1);
  }
  const raw = process.env.PORT ?? "8080";
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  try {
    const { server, url } = await startPlayground({ port });
    console.log(`toolnexus playground: ${url}/  (Ctrl+C to stop)`);
    const stop = () => server.close(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (err) {
    const why = err?.code === "EADDRINUSE" ? `port ${port} is already in use; try PORT=${port + 1}` : err?.message;
    console.error(`could not start the playground: ${why}`);
    process.exit(1);
  }
}
