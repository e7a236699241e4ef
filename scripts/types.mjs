// The package's declarations live beside the modules they declare (pkg-template/src/<m>.d.ts
// beside <m>.js). Two jobs:
//
// - checkTypes(): tsc --checkJs over every module of src/. A module importing `./m.js` sees
//   m.d.ts, so each call between modules is checked against the declarations, and each module
//   ends with a `@satisfies` line per export holding its implementation to its declaration.
// - publishTypes(pkg, names): pkg/index.d.ts and index.d.cts, the declarations of every module
//   the export list (src/index.js, src/node.js) names, in one file: each file's imports of its
//   siblings and its part after NOT_PUBLISHED are dropped. Fails when a module has no
//   declarations, or an export has none.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { root, run } from "./util.mjs";

const src = join(root, "pkg-template", "src");
const NOT_PUBLISHED = "// Not published: for the package's own modules.";
const SIBLING_IMPORT = /^import type \{[^}]*\} from "\.\.?\/[\w./-]+\.js";\n/gm;

/** The JavaScript modules of src/ that tsc checks (the entries and instances import built files). */
function modules() {
  const found = [];
  for (const dir of ["", "sources"]) {
    if (!existsSync(join(src, dir))) continue;
    for (const file of readdirSync(join(src, dir))) if (file.endsWith(".js")) found.push(join(src, dir, file));
  }
  return found;
}

export function checkTypes(env) {
  run(join(root, "node_modules", ".bin", "tsc"), [
    "--allowJs", "--checkJs", "--noEmit", "--target", "es2022", "--module", "nodenext",
    "--moduleResolution", "nodenext", "--lib", "es2022,dom", "--types", "node", ...modules(),
  ], { env });
}

/** The modules src/index.js and src/node.js export from, in order. */
function exported() {
  const names = [];
  for (const list of ["index.js", "node.js"]) {
    for (const [, name] of readFileSync(join(src, list), "utf8").matchAll(/^export [^;]*from "\.\/([\w./-]+)\.js";/gm)) {
      if (name !== "index" && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

export function publishTypes(pkg, names, banner) {
  const parts = exported().map((name) => {
    const file = join(src, `${name}.d.ts`);
    if (!existsSync(file)) throw new Error(`types: pkg-template/src/${name}.js has no declarations beside it (${name}.d.ts)`);
    let text = readFileSync(file, "utf8").replace(SIBLING_IMPORT, "");
    const cut = text.indexOf(NOT_PUBLISHED);
    if (cut >= 0) {
      if (text.indexOf(NOT_PUBLISHED, cut + 1) >= 0) throw new Error(`types: ${name}.d.ts says "${NOT_PUBLISHED}" twice`);
      text = text.slice(0, cut);
    }
    if (/^import |^export [^;]*\bfrom "/m.test(text)) {
      throw new Error(`types: ${name}.d.ts imports or re-exports in its published part (before "${NOT_PUBLISHED}")`);
    }
    return `// ---- ${name}.js ${"-".repeat(Math.max(0, 88 - name.length))}\n${text.replace(/^\/\/ The declarations of .*\n/, "").trim()}\n`;
  });
  const dts = `${banner}\n\n${parts.join("\n")}`;
  const missing = names.filter((name) => !new RegExp(`^export (declare )?(function|class|const|let) ${name}\\b`, "m").test(dts));
  if (missing.length) throw new Error(`types: no declaration for ${missing.join(", ")}`);
  writeFileSync(join(pkg, "index.d.ts"), dts);
  writeFileSync(join(pkg, "index.d.cts"), dts);
}
