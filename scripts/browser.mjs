// Finds a Chromium for the browser tests, in this order:
//
//   1. CHROMIUM_PATH, when set (it must exist: a wrong path is an error, not a skip;
//      CHROMIUM_PATH=none means "no browser": the browser part is skipped);
//   2. the browser playwright-core already knows (one `npx playwright install chromium` put
//      into its cache, on machines that can download it);
//   3. a system Chromium or Chrome at its usual place (Linux, macOS);
//   4. as root on Debian (CI), Debian's `chromium` package, installed with apt-get.
//
// Otherwise the browser tests are skipped with a one-line reason, unless CI=true: there a
// missing browser is a failure, so CI always runs them.
//
// The other engines are found the same way (findFirefox, findWebKit): FIREFOX_PATH /
// WEBKIT_DRIVER_PATH when set ("none" skips that engine), else Debian's packages at their
// places, else, as root on Debian, installed with apt-get (firefox-esr; webkit2gtk-driver and
// xvfb, as WebKit's MiniBrowser needs a display).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { root, run } from "./util.mjs";

const SYSTEM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/** The flags every test browser is launched with (no network side traffic, no sandbox as root). */
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** The path of the browser playwright-core would launch on its own, when it is installed. */
function playwrightBrowser() {
  try {
    const { chromium } = createRequire(join(root, "package.json"))("playwright-core");
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined; // playwright-core not installed yet, or no build for this platform
  }
}

function isDebianRoot() {
  return process.platform === "linux" && process.getuid?.() === 0 && existsSync("/etc/debian_version");
}

function aptInstall(packages, env) {
  run("apt-get", ["update"], { env });
  run("apt-get", ["install", "-y", "--no-install-recommends", ...packages], {
    env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Why an engine is missing, in one line, ending with how to get it. */
function missing(what, variable, packages) {
  const os = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8").match(/^ID=(.*)$/m)?.[1] : process.platform;
  return `no ${what} found (set ${variable}; Debian's ${packages} is installed automatically only as root on Debian, ` +
    `and this is ${os ?? "unknown"}${process.getuid?.() === 0 ? "" : " without root"})`;
}

/**
 * `{ path, how }` of a Firefox for the browser tests (driven over WebDriver BiDi, no
 * geckodriver), or `{ reason }`. With `install`, a root Debian machine gets firefox-esr.
 */
export function findFirefox({ install = false, env = process.env } = {}) {
  if (env.FIREFOX_PATH === "none") return { reason: "FIREFOX_PATH=none" };
  if (env.FIREFOX_PATH) {
    if (!existsSync(env.FIREFOX_PATH)) throw new Error(`FIREFOX_PATH=${env.FIREFOX_PATH} does not exist`);
    return { path: env.FIREFOX_PATH, how: "FIREFOX_PATH" };
  }
  const system = ["/usr/bin/firefox-esr", "/usr/bin/firefox"].find((p) => existsSync(p));
  if (system) return { path: system, how: "system browser" };
  if (install && isDebianRoot()) {
    aptInstall(["firefox-esr"], env);
    if (existsSync("/usr/bin/firefox-esr")) return { path: "/usr/bin/firefox-esr", how: "Debian's firefox-esr, just installed" };
  }
  return { reason: missing("Firefox", "FIREFOX_PATH", "firefox-esr") };
}

/** WebKitGTK's MiniBrowser, wherever the multiarch directory puts it. */
function miniBrowser() {
  if (!existsSync("/usr/lib")) return undefined;
  for (const dir of readdirSync("/usr/lib")) {
    const path = join("/usr/lib", dir, "webkit2gtk-4.1", "MiniBrowser");
    if (existsSync(path)) return path;
  }
  return undefined;
}

function webKitParts(driver) {
  const browser = miniBrowser();
  return existsSync(driver) && browser && existsSync("/usr/bin/xvfb-run") ? { path: driver, browser } : undefined;
}

/**
 * `{ path, browser, how }` for WebKit: the WebKitWebDriver at `path`, which drives the
 * MiniBrowser at `browser` (under `xvfb-run`), or `{ reason }`. With `install`, a root Debian
 * machine gets webkit2gtk-driver and xvfb.
 */
export function findWebKit({ install = false, env = process.env } = {}) {
  if (env.WEBKIT_DRIVER_PATH === "none") return { reason: "WEBKIT_DRIVER_PATH=none" };
  if (env.WEBKIT_DRIVER_PATH) {
    const found = webKitParts(env.WEBKIT_DRIVER_PATH);
    if (!found) throw new Error(`WEBKIT_DRIVER_PATH=${env.WEBKIT_DRIVER_PATH}: no such driver, or no MiniBrowser or xvfb-run beside it`);
    return { ...found, how: "WEBKIT_DRIVER_PATH" };
  }
  const system = webKitParts("/usr/bin/WebKitWebDriver");
  if (system) return { ...system, how: "system WebKitGTK" };
  if (install && isDebianRoot()) {
    aptInstall(["webkit2gtk-driver", "xvfb", "xauth"], env);
    const installed = webKitParts("/usr/bin/WebKitWebDriver");
    if (installed) return { ...installed, how: "Debian's webkit2gtk-driver, just installed" };
  }
  return { reason: missing("WebKit", "WEBKIT_DRIVER_PATH", "webkit2gtk-driver (with xvfb)") };
}

/**
 * `{ path, how }` of a usable Chromium, or `{ reason }` saying in one line why there is none.
 * With `install`, a root Debian machine gets Debian's chromium when nothing else is found.
 */
export function findChromium({ install = false, env = process.env } = {}) {
  if (env.CHROMIUM_PATH === "none") return { reason: "CHROMIUM_PATH=none" };
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist`);
    return { path: env.CHROMIUM_PATH, how: "CHROMIUM_PATH" };
  }
  const known = playwrightBrowser();
  if (known) return { path: known, how: "playwright-core's browser" };
  const system = SYSTEM.find((p) => existsSync(p));
  if (system) return { path: system, how: "system browser" };
  if (install && isDebianRoot()) {
    run("apt-get", ["update"], { env });
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], {
      env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync("/usr/bin/chromium")) return { path: "/usr/bin/chromium", how: "Debian's chromium, just installed" };
  }
  const os = existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8").match(/^ID=(.*)$/m)?.[1] : process.platform;
  return {
    reason: `no Chromium found (set CHROMIUM_PATH, or run \`npx playwright install chromium\`; ` +
      `Debian's chromium is installed automatically only as root on Debian, and this is ${os ?? "unknown"}` +
      `${process.getuid?.() === 0 ? "" : " without root"})`,
  };
}

/** The Chromium the browser tests use: CHROMIUM_PATH as set by `npm test`, else the search above. */
export function chromiumPath() {
  const found = findChromium();
  if (!found.path) throw new Error(found.reason);
  return found.path;
}
