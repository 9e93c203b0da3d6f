import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The client's import alias, for stories that count what a page should show from client modules.
  resolve: { alias: { "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)) } },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    pool: "forks",
    // Two cores: one browser story at a time keeps timings stable.
    fileParallelism: false,
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    // Stories assert with expect.poll (a read is retried until it matches): allow a loaded machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    hookTimeout: 120_000,
  },
});
