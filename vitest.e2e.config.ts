import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The client's import alias, for stories that count what a page should show from client modules.
  resolve: { alias: { "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)) } },
  // The app's modules are transformed while the global set-up runs and the workers start, before
  // the first stories ask for them (docs/performance.md, "The test suite").
  server: {
    warmup: {
      ssrFiles: [
        "./src/server/**/*.ts",
        "./src/shared/**/*.ts",
        "./e2e/support/*.ts",
        "!**/*.test.ts",
      ],
    },
  },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    // Two story files at a time: a story mostly waits (on the page, the app, the shared Chromium),
    // so two finish well before one and one. Each has its own app, data folder, SMTP peer and
    // browser contexts. The files of a worker share its modules (no isolation), so the server's
    // code is imported once per worker (docs/performance.md, "The test suite").
    maxWorkers: 2,
    isolate: false,
    globalSetup: ["e2e/support/global-setup.ts"],
    // A story of many steps shares the machine with another story.
    testTimeout: 120_000,
    // Stories assert with expect.poll (a read is retried until it matches): allow a loaded machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 120_000,
  },
});
