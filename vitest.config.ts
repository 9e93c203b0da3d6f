import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { ChildProcessesFirst } from "./src/server/test/child-processes-first";
import { TimeReport } from "./src/server/test/time-report";

/** Both projects' workers: one per core and one more (three on two cores; decision 0079). */
const WORKERS = availableParallelism() + 1;

/**
 * Both suites in one file, so that they share one module cache (docs/performance.md, "The test
 * suite"): `npm test` runs the unit and integration files, then the browser stories, in one run
 * and one queue of workers; `npm run test:unit` and `npm run test:e2e` run one project each.
 */
export default defineConfig({
  // The client's import alias, for tests and stories that use client modules.
  resolve: { alias: { "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)) } },
  test: {
    environment: "node",
    pool: "forks",
    // The files of a worker share its modules (no isolation): a file imports the server, PGlite
    // and the mail renderer once per worker, not once per file. Nothing in src mocks a module or
    // stubs a global, so a file cannot leak into the next.
    isolate: false,
    sequence: { sequencer: ChildProcessesFirst },
    // Vitest's own output, then where the time went and the files over their budget.
    reporters: ["default", new TimeReport()],
    setupFiles: ["src/server/test/cpu-per-file.ts"],
    // Transformed modules are kept on disk, by their text and this file's: the stories and the
    // unit files on PostgreSQL load what the first unit run transformed.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        // The server's and the shared modules are transformed while the global set-up runs, not
        // one at a time as the first files of each worker ask for them.
        server: {
          warmup: { ssrFiles: ["./src/server/**/*.ts", "./src/shared/**/*.ts", "!**/*.test.ts"] },
        },
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}"],
          // One worker per core and one more, not Vitest's cores − 1: most files wait on a
          // database, a socket or a child process, so three workers on two cores finish before
          // two (four were slower again).
          maxWorkers: WORKERS,
          globalSetup: ["src/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "stories",
          include: ["e2e/**/*.e2e.ts"],
          // One story file per core and one more: a story worker and its Chromium take turns
          // (the test waits on the page, the page on the app in the worker), so two workers kept
          // only 1.3 cores busy; a third fills the rest. The same number as the unit project's,
          // which Vitest requires of projects in one queue: the stories come after the unit files
          // in it (`ChildProcessesFirst`) and start as the unit files' workers free up, not after
          // the last one (docs/performance.md, "Three story workers, beside the unit files' tail",
          // decision 0079). Each has its own app, data folder, SMTP peer and browser contexts.
          maxWorkers: WORKERS,
          globalSetup: ["e2e/support/global-setup.ts"],
          // A story of many steps shares the machine with other stories.
          testTimeout: 120_000,
          // Stories assert with expect.poll (a read is retried until it matches): allow a loaded
          // machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
