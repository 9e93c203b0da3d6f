import { openSync } from "node:fs";
import pino from "pino";

/**
 * Log lines are gathered up to this many bytes (about 90 access lines) before a write, just under
 * sonic-boom's largest single write (16 KiB)…
 */
const LOG_BATCH_BYTES = 16_000;
/** …and a line waits at most this long for the batch to fill, however large the batch. */
const LOG_FLUSH_MS = 250;

/**
 * The server log (standard output, or `dest`), written asynchronously (never a blocking write on the
 * request path) and in batches: each write is a hand-over to Node's thread pool and a wake-up
 * when it is done, several system calls that cost more than the lines themselves, so one write per
 * batch instead of one per line or two (docs/performance.md, "Hot API path"). What is buffered
 * is written out at exit, an uncaught error's included; a process killed outright loses at most
 * the last quarter second of lines. A file is opened before the first line: opened in the background,
 * a crash in its first milliseconds would find nothing open to write the buffer to.
 */
export function logDestination(dest: number | string = 1) {
  return pino.destination({
    dest: typeof dest === "string" ? openSync(dest, "a") : dest,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
}
