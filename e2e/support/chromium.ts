import { existsSync } from "node:fs";

/**
 * The system's Chromium (never a downloaded one): Debian's headless shell when it is installed,
 * else the full browser. The shell is the same engine without the browser's own interface, and
 * drives the same stories on about half the CPU (docs/performance.md, "The test suite").
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** The flags every story runs it with. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // No optimising compiler past Maglev: a story's page lives seconds, too short to repay
  // TurboFan's compiles (docs/performance.md, "Chromium's flags and the unit files' processes").
  "--js-flags=--max-opt=2",
];
