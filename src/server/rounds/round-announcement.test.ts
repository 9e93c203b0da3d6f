import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingTimeLabel } from "../../shared/booking";
import { fixedClock } from "../clock";
import {
  emailLogs,
  matchMembers,
  newsletters,
  outgoingMessages,
  roundSteps,
  users,
} from "../db/schema";
import { quietLogs } from "../jobs/definitions/job-logs";
import { outboxDeliveryJob } from "../jobs/definitions/outbox-delivery";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { type RunningJob, startJob } from "../jobs/run-job";
import { readLogEntries } from "../newsletters/email-logs/log-entries";
import { roundAnnouncementKey } from "../outbox/kinds/round-announcement";
import { createCompanyWidePeople, createPairing } from "../test/factories";
import { type SendingApp, startSendingApp } from "../test/sending-app";

/*
 * The March 2027 company-wide round (pairing day Monday 1 March, draft on Friday 26 February),
 * with no newsletter approved: its short announcement goes through the outbox to a real SMTP peer,
 * delivered by the outbox job every app process runs; the newsletter job seals its send log.
 */
const MINUTE = 60_000;
const SUBJECT = "Your Cup of Joe match for March 2027";

async function publishMarch(s: SendingApp, clock: ReturnType<typeof fixedClock>, domain: string) {
  const { people } = await createCompanyWidePeople(s.t.db, domain, [
    "ada",
    "ben",
    "cy",
    "dee",
    "eve",
  ]);
  await createPairing(s.t.db, { scopeKey: "all", month: "2027-02", name: "February" });
  for (const at of ["2027-02-20T00:00:00Z", "2027-02-26T09:00:00Z", "2027-03-01T09:00:00Z"]) {
    clock.set(at);
    await runDueSteps(s.t.ctx, { owner: `test-${at}` });
  }
  const [announcement] = await s.t.db
    .select()
    .from(newsletters)
    .where(eq(newsletters.kind, "announcement"));
  return { people, announcement };
}

const deliveriesOf = (s: SendingApp, newsletterId: number) =>
  s.t.db
    .select()
    .from(outgoingMessages)
    .where(
      and(
        eq(outgoingMessages.kind, "round-announcement"),
        eq(outgoingMessages.onceKey, roundAnnouncementKey(newsletterId)),
      ),
    );
const statusOf = async (s: SendingApp, id: number) =>
  (await s.t.db.select().from(newsletters).where(eq(newsletters.id, id)))[0].status;
const toldTo = (s: SendingApp, email: string) =>
  s.peer.messages.filter((m) => m.subject === SUBJECT && m.to.includes(email));

describe("a published round's short announcement", () => {
  const clock = fixedClock("2027-02-20T00:00:00Z");
  let s: SendingApp;
  beforeAll(async () => {
    s = await startSendingApp({ clock });
  });
  afterAll(() => s.close());

  it("reaches every member exactly once, and a restart the same day sends nothing again", async () => {
    const { people, announcement } = await publishMarch(s, clock, "once.test");
    expect(announcement).toMatchObject({ status: "sending", month: 3, year: 2027 });
    await expect.poll(() => statusOf(s, announcement.id), { timeout: 30_000 }).toBe("sent");
    for (const person of people) expect(toldTo(s, person.email)).toHaveLength(1);
    const [toAda] = toldTo(s, people[0].email);
    expect(toAda.text).toContain("Schedule your coffee chat");
    expect(toAda.parsed.headers.some((h) => h.key === "list-unsubscribe")).toBe(true);
    // The three times of Ada's match, as the API proposes them to her, each a booking link.
    const [adaMatch] = await s.t.db
      .select({ id: matchMembers.matchId })
      .from(matchMembers)
      .where(eq(matchMembers.userId, people[0].id));
    const times = (await s.t.as(people[0]).get(`/api/matches/${adaMatch.id}/times`)).json().times;
    const linked = [...toAda.text.matchAll(/\/book-time\?token=[^\s&>]+&start=([^\s&>]+)/g)];
    expect(times).toHaveLength(3);
    expect(linked.map((found) => new Date(decodeURIComponent(found[1])).toISOString())).toEqual(
      times.map((time: { start: string }) => new Date(time.start).toISOString()),
    );
    for (const time of times) expect(toAda.text).toContain(bookingTimeLabel(time.start, "UTC"));

    expect(await runDueSteps(s.t.ctx, { owner: "restarted" })).toEqual([]);
    s.worker.wake();
    const all = await s.t.db.select().from(newsletters).where(eq(newsletters.kind, "announcement"));
    expect(all).toHaveLength(1);
    expect(await deliveriesOf(s, announcement.id)).toHaveLength(people.length);
    for (const person of people) expect(toldTo(s, person.email)).toHaveLength(1);
  });

  it("is no newsletter for the admin, but its send log is labelled as the round's announcement", async () => {
    const listed = (await s.t.as(s.admin).get("/api/admin/newsletters")).json();
    expect(JSON.stringify(listed)).not.toContain("Round announcement");
    const created = await s.t.as(s.admin).post("/api/admin/newsletters/generate");
    expect(created.statusCode).toBe(201);
    const logs = (await s.t.as(s.admin).get("/api/admin/email-logs")).json();
    expect(JSON.stringify(logs)).toContain("Round announcement: March 2027 — Everyone");
    const entries = await s.t.as(s.admin).get(`/api/admin/email-logs/${logs[0].id}/entries`);
    expect(JSON.stringify(entries.json())).toContain("ada@once.test");

    const [announcement] = await s.t.db
      .select()
      .from(newsletters)
      .where(eq(newsletters.kind, "announcement"));
    const preview = await s.t.as(s.admin).post("/api/admin/email-logs/preview", {
      newsletterId: announcement.id,
      userEmail: "ada@once.test",
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toContain("Schedule your coffee chat");
    const edit = await s.t.as(s.admin).put(`/api/admin/newsletters/${announcement.id}`, {
      title: "Edited",
    });
    expect(edit.statusCode).toBe(409);
    const send = await s.t.as(s.admin).post(`/api/admin/newsletters/${announcement.id}/send`);
    expect(send.statusCode).toBe(409);
  });
});

describe("a published round's announcement while the mail server is down", () => {
  const clock = fixedClock("2027-02-20T00:00:00Z");
  let s: SendingApp;
  beforeAll(async () => {
    s = await startSendingApp({ clock });
  });
  afterAll(() => s.close());

  it("waits with retries and tells everyone once the server is back", async () => {
    await s.peer.stop();
    const { people, announcement } = await publishMarch(s, clock, "outage.test");
    const [publish] = await s.t.db
      .select()
      .from(roundSteps)
      .where(and(eq(roundSteps.kind, "publish"), eq(roundSteps.month, "2027-03")));
    expect(publish.state).toBe("done");
    // Each tried once (the attempt is counted when it is claimed), and waiting for its retry.
    const triedOnce = async () =>
      (await deliveriesOf(s, announcement.id)).every(
        (d) => d.attempts === 1 && d.firstFailedAt !== null && d.claimedUntil === null,
      );
    await expect.poll(triedOnce, { timeout: 10_000 }).toBe(true);
    const waiting = await deliveriesOf(s, announcement.id);
    expect(waiting.every((d) => d.state === "pending" && d.firstFailedAt !== null)).toBe(true);
    expect(await statusOf(s, announcement.id)).toBe("sending");

    await s.peer.restart();
    clock.advance(MINUTE);
    await expect.poll(() => statusOf(s, announcement.id), { timeout: 10_000 }).toBe("sent");
    for (const person of people) expect(toldTo(s, person.email)).toHaveLength(1);
    const ended = await deliveriesOf(s, announcement.id);
    expect(ended.every((d) => d.state === "sent" && d.attempts === 2)).toBe(true);
  });
});

describe("a published round's announcement a recipient's server refuses", () => {
  const clock = fixedClock("2027-02-20T00:00:00Z");
  let s: SendingApp;
  let lane: RunningJob | undefined;
  beforeAll(async () => {
    s = await startSendingApp({ clock });
  });
  afterAll(async () => {
    await lane?.stop();
    await s.close();
  });

  it("logs the refusal, leaves out who opted out since, and Retry failed deliveries reaches only the refused", async () => {
    s.peer.rejectRecipients((address) => address === "ben@refused.test", 550, 1);
    // Cy opts out after the publish, before the outbox reaches her: it is no longer for her.
    await s.t.outboxDelivery.stop();
    const { people, announcement } = await publishMarch(s, clock, "refused.test");
    await s.t.db
      .update(users)
      .set({ participationStatus: "opted_out" })
      .where(eq(users.email, "cy@refused.test"));
    lane = startJob(outboxDeliveryJob(s.t.ctx, quietLogs, { pollMs: 50 }));
    await expect.poll(() => statusOf(s, announcement.id), { timeout: 10_000 }).toBe("sent");
    const [log] = await s.t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, announcement.id));
    expect(log).toMatchObject({ totalRecipients: 5, successfulSends: 3, failedSends: 2 });
    const entries = (await readLogEntries(s.t.db, [log.id])).get(log.id) ?? [];
    const ben = entries.find((e) => e.user_email === "ben@refused.test");
    expect(ben).toMatchObject({ send_status: "failed", error_code: "550" });
    expect(ben?.error_message).toContain("550 Recipient ben@refused.test refused");
    expect(ben?.match_email).toMatch(/@refused\.test/);
    const cyEntry = entries.find((e) => e.user_email === "cy@refused.test");
    expect(cyEntry).toMatchObject({ send_status: "failed", error_code: "not_a_recipient" });

    const retry = await s.t
      .as(s.admin)
      .post(`/api/admin/newsletters/${announcement.id}/retry-failed`);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().total).toBe(2);
    await expect.poll(() => statusOf(s, announcement.id), { timeout: 10_000 }).toBe("sent");
    expect(toldTo(s, "ben@refused.test")).toHaveLength(1);
    expect(toldTo(s, "cy@refused.test")).toHaveLength(0);
    for (const person of people) expect(toldTo(s, person.email).length).toBeLessThanOrEqual(1);
    const [updated] = await s.t.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.newsletterId, announcement.id));
    expect(updated).toMatchObject({ id: log.id, successfulSends: 4, failedSends: 1 });
  });
});
