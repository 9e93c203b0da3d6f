import type { Db } from "../../db/client";
import { recordSent } from "./ledger";

/** Group commit of successful sends, shared by the lanes of one worker (see createSentRecorder). */
export interface SentRecorder {
  /** A lane starts taking messages. */
  join(): void;
  /** A lane has no more messages to take. */
  leave(): void;
  /** Resolves once the delivery is recorded sent. */
  record(id: number, messageId: string): Promise<void>;
}

/**
 * Records successful sends by group commit. A lane waits until its record is written before it
 * takes its next message, which keeps "accepted by the server but not yet recorded" to at most one
 * message per lane (the duplicate bound). A group is written once every lane still taking messages
 * is waiting (or `maxWaitMs` after its first record): written as they come, each send cost one
 * UPDATE, and on the embedded database that UPDATE holds the event loop, so no other lane's
 * record could join it. On a PostgreSQL server (`maxWaitMs` 0) the UPDATE does not hold the event
 * loop: a group is written as soon as no write is under way, and the records that arrive during a
 * write form the next group, so no lane waits for the slowest SMTP reply of the others
 * (docs/performance.md, "Company scale").
 */
export function createSentRecorder(db: Db, clock: () => Date, maxWaitMs = 20): SentRecorder {
  let queue: Array<{ id: number; messageId: string; done: (error?: unknown) => void }> = [];
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
      await recordSent(db, group, clock());
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
    join: () => {
      lanes += 1;
    },
    leave: () => {
      lanes -= 1;
      consider();
    },
    record: (id, messageId) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ id, messageId, done: (error) => (error ? reject(error) : resolve()) });
        consider();
      }),
  };
}
