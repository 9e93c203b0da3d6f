import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../clock";
import { type OutgoingMessageRow, outgoingMessages } from "../db/schema";
import { MESSAGE_KINDS } from "../jobs/message-kinds";
import { createTestApp, type TestApp } from "../test/test-app";
import { recordSent } from "./deliver-message";
import { createSentRecorder } from "./sent-recorder";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byName = new Map(MESSAGE_KINDS.map((kind) => [kind.name, kind]));

/**
 * Pending messages queued over a transport this app does not mail over, so its own delivery job
 * leaves them alone while a test records them.
 */
async function pendingMessages(count: number): Promise<OutgoingMessageRow[]> {
  const now = new Date();
  return t.db
    .insert(outgoingMessages)
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: "company-inquiry",
        recipient: `ops${i}@recorder.test`,
        data: {},
        mailTransport: "smtp://elsewhere.test:25",
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning();
}

const states = async (rows: OutgoingMessageRow[]) =>
  (
    await t.db
      .select()
      .from(outgoingMessages)
      .where(
        inArray(
          outgoingMessages.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(outgoingMessages.id)
  ).map((row) => ({ state: row.state, sentAt: row.sentAt?.getTime() }));

/** A clock that moves a second on every reading: one reading per written group. */
function steppingClock(): Clock {
  let tick = 0;
  return { now: () => new Date(Date.UTC(2030, 0, 1, 0, 0, tick++)) } as Clock;
}

/** A recorder writing with the outbox's own UPDATE, on a clock read once per group. */
function recorder(maxWaitMs: number) {
  const ctx = { ...t.ctx, clock: steppingClock() };
  return createSentRecorder(
    (rows) => recordSent(ctx, rows, { kindNamed: (name) => byName.get(name) }),
    maxWaitMs,
  );
}

describe("recording sent messages by group commit (docs/performance.md, Newsletter send)", () => {
  it("writes nothing until every working lane waits, then all their messages in one group", async () => {
    const rows = await pendingMessages(3);
    const sent = recorder(60_000);
    for (const _ of rows) sent.join();
    const first = rows.slice(0, 2).map((row) => sent.record(row));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await states(rows)).map((r) => r.state)).toEqual(["pending", "pending", "pending"]);

    await Promise.all([...first, sent.record(rows[2])]);
    const written = await states(rows);
    expect(written.map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
    expect(new Set(written.map((r) => r.sentAt)).size).toBe(1);
  });

  it("writes the waiting messages as soon as the lane they wait for takes no more", async () => {
    const rows = await pendingMessages(1);
    const sent = recorder(60_000);
    sent.join();
    sent.join();
    const recorded = sent.record(rows[0]);
    sent.leave();
    await recorded;
    expect((await states(rows))[0].state).toBe("sent");
  });

  it("writes a waiting message after the wait limit while another lane is still sending", async () => {
    const rows = await pendingMessages(2);
    const sent = recorder(30);
    sent.join();
    sent.join();
    await sent.record(rows[0]);
    await sent.record(rows[1]);
    const written = await states(rows);
    expect(written.map((r) => r.state)).toEqual(["sent", "sent"]);
    expect(written[0].sentAt).not.toBe(written[1].sentAt);
  });

  it("with no wait (a database server), writes at once and groups what arrives meanwhile", async () => {
    const rows = await pendingMessages(3);
    const sent = recorder(0);
    for (const _ of rows) sent.join();
    const first = sent.record(rows[0]);
    // Recorded while the first one is being written, with no lane waiting for another.
    const meanwhile = rows.slice(1).map((row) => sent.record(row));
    await Promise.all([first, ...meanwhile]);
    const written = await states(rows);
    expect(written.map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
    expect(written[1].sentAt).toBe(written[2].sentAt);
    expect(written[1].sentAt).not.toBe(written[0].sentAt);
  });
});

describe("recording through a database outage (docs/mail.md, duplicates at most the pool)", () => {
  it("keeps a record the database refused and writes it once the database answers, counting the failure", async () => {
    const rows = await pendingMessages(2);
    let refusals = 2;
    const reported: unknown[] = [];
    const write = recorder(0);
    const sent = createSentRecorder(
      async (group) => {
        if (refusals-- > 0)
          throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
        await writeGroup(write, group);
      },
      0,
      { retryMs: 5, onWriteFailed: (error) => reported.push(error) },
    );
    sent.join();
    sent.join();
    await Promise.all(rows.map((row) => sent.record(row)));
    expect(reported).toHaveLength(2);
    expect(sent.failures).toBe(2);
    expect((await states(rows)).map((r) => r.state)).toEqual(["sent", "sent"]);
  });

  it("gives a record up once its job stops while the database is out", async () => {
    const [row] = await pendingMessages(1);
    let stopping = false;
    const sent = createSentRecorder(
      async () => {
        stopping = true;
        throw Object.assign(new Error("Connection terminated"), { code: "57P01" });
      },
      0,
      { retryMs: 5 },
    );
    sent.join();
    await expect(sent.record(row, () => stopping)).rejects.toThrow("Connection terminated");
    expect((await states([row]))[0].state).toBe("pending");
  });
});

/** Writes a group through a recorder of the outbox's own UPDATE (one lane, no wait). */
async function writeGroup(write: ReturnType<typeof recorder>, group: OutgoingMessageRow[]) {
  write.join();
  try {
    await Promise.all(group.map((row) => write.record(row)));
  } finally {
    write.leave();
  }
}
