/**
 * One app process for crash tests: `startServer` with the environment it was given (PORT=0), which
 * prints `listening <url>` once it serves. It stops on SIGTERM and when the test that spawned it
 * goes away (the IPC channel closes), so no child outlives its test; SIGKILL is the crash.
 */
import { loadConfig } from "../config";
import { startServer } from "../start-server";

// A start that fails ends as main.ts's does: its one line on standard error, exit code 1.
const server = await startServer(loadConfig(process.env), {
  log: (line) => process.stderr.write(`${line}\n`),
}).catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
process.stdout.write(`listening ${server.url}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("disconnect", stop);
