/**
 * One app process for crash tests: `startServer` with the environment it was given (PORT=0), which
 * prints `listening <url>` once it serves. It stops on SIGTERM (after SHUTDOWN_GRACE_SECONDS, as
 * main.ts does) and at once when the test that spawned it goes away (the IPC channel closes), so no
 * child outlives its test; SIGKILL is the crash.
 */
import { loadConfig } from "../config";
import { startServer } from "../start-server";

// A start that fails ends as main.ts's does: its one line on standard error, exit code 1.
const config = loadConfig(process.env);
const server = await startServer(config, {
  log: (line) => process.stderr.write(`${line}\n`),
}).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
process.stdout.write(`listening ${server.url}\n`);

let stopping = false;
const stop = (graceMs: number) => async () => {
  if (stopping) return;
  stopping = true;
  await server.shutdown(graceMs).catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop(config.SHUTDOWN_GRACE_SECONDS * 1000));
process.on("disconnect", stop(0));
