import type { OutgoingMessageRow } from "../db/schema";

/** Group commit of the messages the lanes of one delivery job have sent (createSentRecorder). */
export interface SentRecorder {
  /** A lane starts taking messages. */
  join(): void;
  /** A lane takes no more messages. */
  leave(): void;
  /** Resolves once the message is recorded sent. */
  record(row: OutgoingMessageRow): Promise<void>;
}

/**
 * Records sent messages by group commit, `write` taking a whole group. A lane waits until its
 * message is recorded before it takes its next one, which keeps "accepted by the server but not
 * yet recorded" to at most one message per lane (the duplicates a crash can cause, docs/mail.md).
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
): SentRecorder {
  let queue: Array<{ row: OutgoingMessageRow; done: (error?: unknown) => void }> = [];
  let lanes = 0;
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    writing = true;
    const group = queue;
    queue = [];
    try {
      await write(group.map((item) => item.row));
      for (const item of group) item.done();
    } catch (error) {
      for (const item of group) item.done(error);
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
    record: (row) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ row, done: (error) => (error ? reject(error) : resolve()) });
        consider();
      }),
  };
}
