import type { OutgoingMessageRow } from "../db/schema";

/** Group commit of the messages the lanes of one delivery job have sent (createSentRecorder). */
export interface SentRecorder {
  /** A lane starts taking messages. */
  join(): void;
  /** A lane takes no more messages. */
  leave(): void;
  /**
   * Resolves once the message is recorded sent; while the database cannot take the record it is
   * tried again, and rejected only once `abandon` says so (the job is stopping).
   */
  record(row: OutgoingMessageRow, abandon?: () => boolean): Promise<void>;
  /** Writes that failed so far: a lane takes no further message of its batch after one. */
  readonly failures: number;
}

export interface SentRecorderOptions {
  /** The first wait before a failed write is tried again; it doubles up to 2 s. */
  retryMs?: number;
  /** A write failed (the database is out of reach): reported, the records kept and retried. */
  onWriteFailed?: (error: unknown) => void;
}

type Waiting = {
  row: OutgoingMessageRow;
  abandon?: () => boolean;
  done: (error?: unknown) => void;
};

/**
 * Records sent messages by group commit, `write` taking a whole group. A lane waits until its
 * message is recorded before it takes its next one, which keeps "accepted by the server but not
 * yet recorded" to at most one message per lane (the duplicates a crash can cause, docs/mail.md).
 * A write that fails (the database stopped mid-send) is retried until it succeeds, and the lanes
 * stop taking messages (`failures`): a message sent but not recorded would go out again once its
 * lease ran out, so through an outage too no more than one per lane may be in that state.
 * On the embedded database (`maxWaitMs` > 0) an UPDATE holds the event loop, so no other lane's
 * SMTP reply could join a record written at once: a group is written once every lane still taking
 * messages waits for its record, or `maxWaitMs` after the first. On a PostgreSQL server
 * (`maxWaitMs` 0) a group is written as soon as no write is under way, and what arrives during a
 * write forms the next group, so no lane waits for the slowest reply of the others
 * (docs/performance.md, "Newsletter send").
 */
export function createSentRecorder(
  write: (rows: OutgoingMessageRow[]) => Promise<void>,
  maxWaitMs: number,
  options: SentRecorderOptions = {},
): SentRecorder {
  const firstRetryMs = options.retryMs ?? 100;
  let queue: Waiting[] = [];
  let lanes = 0;
  let writing = false;
  let failures = 0;
  let retryMs = firstRetryMs;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    const group = queue;
    queue = [];
    try {
      await write(group.map((item) => item.row));
      retryMs = firstRetryMs;
      for (const item of group) item.done();
    } catch (error) {
      failures += 1;
      options.onWriteFailed?.(error);
      const kept = group.filter((item) => !item.abandon?.());
      for (const item of group) if (!kept.includes(item)) item.done(error);
      queue = [...kept, ...queue];
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, 2000);
      // What was abandoned meanwhile is given up now, not after the next failed write.
      for (const item of queue.filter((waiting) => waiting.abandon?.())) item.done(error);
      queue = queue.filter((item) => !item.abandon?.());
      writing = false;
      if (queue.length > 0) return void flush();
    }
    writing = false;
    consider();
  };
  function consider() {
    if (writing || queue.length === 0) return;
    if (queue.length >= lanes || maxWaitMs === 0) return void flush();
    timer ??= setTimeout(() => {
      timer = undefined;
      if (!writing && queue.length > 0) void flush();
    }, maxWaitMs);
  }
  return {
    join() {
      lanes += 1;
    },
    leave() {
      lanes -= 1;
      consider();
    },
    get failures() {
      return failures;
    },
    record: (row, abandon) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, abandon, done: (error) => (error ? reject(error) : resolve()) });
        consider();
      }),
  };
}
