import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { ChildProcessesFirst } from "./src/server/test/child-processes-first";

export default defineConfig({
  // The client's import alias, for tests of client modules that use the shared contract.
  resolve: { alias: { "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)) } },
  // The server's and the shared modules are transformed while the global set-up runs, not one at
  // a time as the first files of each worker ask for them (docs/performance.md, "The test suite").
  server: {
    warmup: { ssrFiles: ["./src/server/**/*.ts", "./src/shared/**/*.ts", "!**/*.test.ts"] },
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    pool: "forks",
    // One worker per core and one more, not Vitest's cores − 1: most files wait on a database, a
    // socket or a child process, so three workers on two cores finish before two (four were
    // slower again). And the files of a worker share its modules (no isolation): a file imports
    // the server, PGlite and the mail renderer once per worker, not once per file. Nothing in src
    // mocks a module or stubs a global, so a file cannot leak into the next (docs/performance.md,
    // "The test suite").
    maxWorkers: availableParallelism() + 1,
    isolate: false,
    globalSetup: ["src/server/test/global-setup.ts"],
    sequence: { sequencer: ChildProcessesFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
