import { openSync } from "node:fs";
import pino from "pino";

/**
 * Log lines are gathered up to this many characters (about 90 access lines) before a write, just
 * under sonic-boom's largest single write (16 KiB)…
 */
const LOG_BATCH_CHARS = 16_000;
/** …and a line waits at most this long for the batch to fill, however large the batch. */
const LOG_FLUSH_MS = 250;

/** What pino writes its lines to (a stream with `write`), and what the tests wait on. */
export interface LogDestination {
  write(line: string): boolean;
  /** Hands the gathered lines to the file now; `done` once they are written (pino's `flush`). */
  flush(done?: (error?: Error) => void): void;
  /** Writes the gathered lines and waits until they are written. */
  flushSync(): void;
  end(): void;
  /** The underlying asynchronous file stream (sonic-boom): its `ready` and `write` events. */
  readonly file: ReturnType<typeof pino.destination>;
}

/**
 * The server log (standard output, or `dest`), written asynchronously (never a blocking write on the
 * request path) and in batches: each write is a hand-over to Node's thread pool and a wake-up
 * when it is done, several system calls that cost more than the lines themselves, so one write per
 * batch instead of one per line or two (docs/performance.md, "Hot API path").
 *
 * The lines of a batch are kept in an array and joined once when it is handed over: sonic-boom's
 * own gathering appends each line to one string and measures that string's bytes at every line,
 * copying the growing batch again and again, a larger cost per access line than building it
 * (docs/performance.md, "The access line's batch").
 *
 * What is gathered is written at exit, an uncaught error's included; a process killed outright
 * loses at most the last quarter second of lines. A file is opened before the first line: opened
 * in the background, a crash in its first milliseconds would find nothing open to write the
 * buffer to.
 */
export function logDestination(dest: number | string = 1): LogDestination {
  const file = pino.destination({
    dest: typeof dest === "string" ? openSync(dest, "a") : dest,
    sync: false,
  });
  let lines: string[] = [];
  let chars = 0;
  /** A batch is being written; sonic-boom says `drain` once all it was given is written. */
  let writing = false;
  file.on("drain", () => {
    writing = false;
  });
  const handOver = () => {
    if (lines.length === 0) return;
    const batch = lines.join("");
    lines = [];
    chars = 0;
    writing = true;
    file.write(batch);
  };
  const timer = setInterval(handOver, LOG_FLUSH_MS);
  timer.unref();
  // Before pino's own exit handler, which writes out what sonic-boom holds.
  const atExit = () => {
    handOver();
    file.flushSync();
  };
  process.prependListener("exit", atExit);
  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= LOG_BATCH_CHARS) handOver();
      return true;
    },
    flush(done) {
      handOver();
      if (!done) return;
      if (writing) file.once("drain", () => done());
      else done();
    },
    flushSync: atExit,
    end() {
      handOver();
      clearInterval(timer);
      process.removeListener("exit", atExit);
      file.end();
    },
    file,
  };
}
