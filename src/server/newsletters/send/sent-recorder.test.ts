import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries } from "../../db/schema";
import { createSendableNewsletter } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createSentRecorder } from "./sent-recorder";
import { startSend } from "./start-send";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A started send's delivery rows (no worker runs here, so they stay pending). */
async function deliveriesOfNewSend(people: number) {
  const { newsletter } = await createSendableNewsletter(t.db, { people });
  await startSend(t.ctx, newsletter.id);
  return t.db
    .select()
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletter.id))
    .orderBy(asc(newsletterDeliveries.id));
}

const rowsByIds = async (ids: number[]) =>
  (await t.db.select().from(newsletterDeliveries).orderBy(asc(newsletterDeliveries.id))).filter(
    (row) => ids.includes(row.id),
  );

/** A clock that moves a second on every reading: one reading per written group. */
function steppingClock() {
  let tick = 0;
  return () => new Date(Date.UTC(2030, 0, 1, 0, 0, tick++));
}

describe("recording sent deliveries by group commit", () => {
  it("writes nothing until every working lane waits, then all their rows in one group", async () => {
    const rows = await deliveriesOfNewSend(3);
    const recorder = createSentRecorder(t.db, steppingClock(), 60_000);
    for (const _ of rows) recorder.join();
    const first = rows.slice(0, 2).map((row) => recorder.record(row.id, `<m-${row.id}@x>`));
    await new Promise((resolve) => setImmediate(resolve));
    expect((await rowsByIds(rows.map((r) => r.id))).map((r) => r.state)).toEqual([
      "pending",
      "pending",
      "pending",
    ]);
    await Promise.all([...first, recorder.record(rows[2].id, `<m-${rows[2].id}@x>`)]);
    const written = await rowsByIds(rows.map((r) => r.id));
    expect(written.map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
    expect(written.map((r) => r.messageId)).toEqual(rows.map((r) => `<m-${r.id}@x>`));
    expect(new Set(written.map((r) => r.sentAt?.toISOString())).size).toBe(1);
  });

  it("writes the waiting rows as soon as the lane they wait for has no more messages", async () => {
    const rows = await deliveriesOfNewSend(2);
    const recorder = createSentRecorder(t.db, steppingClock(), 60_000);
    recorder.join();
    recorder.join();
    const recorded = recorder.record(rows[0].id, "<a@x>");
    recorder.leave();
    await recorded;
    expect((await rowsByIds([rows[0].id]))[0].state).toBe("sent");
  });

  it("writes a waiting row after the wait limit while another lane is still sending", async () => {
    const rows = await deliveriesOfNewSend(2);
    const recorder = createSentRecorder(t.db, steppingClock(), 30);
    recorder.join();
    recorder.join();
    await recorder.record(rows[0].id, "<a@x>");
    await recorder.record(rows[1].id, "<b@x>");
    const written = await rowsByIds(rows.map((r) => r.id));
    expect(written.map((r) => r.state)).toEqual(["sent", "sent"]);
    expect(written[0].sentAt?.getTime()).not.toBe(written[1].sentAt?.getTime());
  });

  it("with no wait (a database server), writes at once and groups what arrives meanwhile", async () => {
    const rows = await deliveriesOfNewSend(3);
    const recorder = createSentRecorder(t.db, steppingClock(), 0);
    for (const _ of rows) recorder.join();
    await recorder.record(rows[0].id, "<a@x>");
    expect((await rowsByIds([rows[0].id]))[0].state).toBe("sent");
    await Promise.all(rows.slice(1).map((row) => recorder.record(row.id, `<m-${row.id}@x>`)));
    const written = await rowsByIds(rows.map((r) => r.id));
    expect(written.map((r) => r.state)).toEqual(["sent", "sent", "sent"]);
    expect(written[1].sentAt?.getTime()).not.toBe(written[0].sentAt?.getTime());
  });
});
