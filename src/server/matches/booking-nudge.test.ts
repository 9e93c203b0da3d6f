import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingTimeLabel } from "../../shared/booking";
import { fixedClock } from "../clock";
import { matches, roundSteps } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { createRunningCompany } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { ReceivedMail, SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

// The booking nudge (docs/scheduling.md, "The nudge"): when nobody in a match has booked by the
// middle of the check-in window, its organiser (the first member) is e-mailed the three times
// again, each a signed booking link in their own zone, once. The rounds job queues it; the
// outbox sends it through a real SMTP exchange. Time moves with ctx.clock only.

/** Published Monday 1 March 2027, 09:00 UTC; the check-in is due a week later. */
const PUBLISHED = new Date("2027-03-01T09:00:00Z");
const CHECK_IN = new Date("2027-03-08T09:00:00Z");
/** The middle of the window: Thursday 4 March, 21:00 UTC. */
const MIDDLE = new Date("2027-03-04T21:00:00Z");
const MINUTE = 60_000;
const clock = fixedClock(PUBLISHED);
let peer: SmtpPeer;
let t: TestApp;
setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));

const SUBJECT = /^Pick a time for your coffee chat with /;
let runs = 0;

/** A Berlin organiser and a New York partner in a published pairing with its check-in due. */
async function berlinAndNewYork(name: string) {
  clock.set(PUBLISHED);
  const company = await createRunningCompany(t.db, { name, pairing: { createdAt: PUBLISHED } });
  const ada = await company.person("Ada", { timeZone: "Europe/Berlin" });
  const bob = await company.person("Bob", { timeZone: "America/New_York" });
  const pair = await company.match(ada, bob);
  await t.db.insert(roundSteps).values({
    scopeKey: company.pairing.scopeKey,
    month: company.pairing.month,
    kind: "check-in",
    dueAt: CHECK_IN,
  });
  return { ...company, ada, bob, pair };
}

/** The rounds job's look at `at`, then the outbox's delivery of what it queued. */
async function lookAt(at: Date) {
  clock.set(at);
  await runDueSteps(t.ctx, { owner: `nudge-test-${++runs}` });
  await t.outbox();
}

const nudgesTo = (email: string) =>
  peer.messages.filter((m) => m.to.includes(email) && SUBJECT.test(m.subject ?? ""));

const bookingLinks = (mail: ReceivedMail) =>
  [...mail.text.matchAll(/https?:\/\/[^\s<>\]]+\/book-time\?[^\s<>\]]+/g)].map(
    (found) => new URL(found[0]),
  );

describe("the booking nudge", () => {
  it("is sent once after the middle of the check-in window, to the organiser, with three links in their zone", async () => {
    const { ada, bob } = await berlinAndNewYork("Nudge");

    await lookAt(new Date(MIDDLE.getTime() - MINUTE));
    expect(nudgesTo(ada.email)).toHaveLength(0);

    await lookAt(MIDDLE);
    const [mail] = nudgesTo(ada.email);
    expect(nudgesTo(ada.email)).toHaveLength(1);
    expect(nudgesTo(bob.email)).toHaveLength(0);
    expect(mail.subject).toBe("Pick a time for your coffee chat with Bob Test");
    const links = bookingLinks(mail);
    expect(links).toHaveLength(3);
    for (const link of links) {
      const start = link.searchParams.get("start") as string;
      expect(new Date(start).getTime()).toBeGreaterThan(MIDDLE.getTime());
      // Shown in Ada's zone (Berlin), the label she sees on the button.
      expect(mail.text).toContain(bookingTimeLabel(start, "Europe/Berlin"));
    }
    expect(mail.text).toContain("in your time zone, Central European Time (Europe/Berlin):");

    // Not repeated, however many looks follow.
    await lookAt(new Date(MIDDLE.getTime() + 60 * MINUTE));
    await lookAt(new Date(MIDDLE.getTime() + 120 * MINUTE));
    expect(nudgesTo(ada.email)).toHaveLength(1);

    // A link of the nudge books the chat for the whole match, as Ada, without a sign-in.
    const [first] = links;
    const res = await t.post("/api/book-time", {
      token: first.searchParams.get("token"),
      start: first.searchParams.get("start"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: 2 });
  });

  it("is not sent when the match has booked a time", async () => {
    const { ada, bob, pair } = await berlinAndNewYork("Booked");
    clock.set(new Date(PUBLISHED.getTime() + 60 * MINUTE));
    const times = (await t.as(bob).get(`/api/matches/${pair.id}/times`)).json().times;
    const booked = await t.as(bob).post(`/api/matches/${pair.id}/booking`, {
      start: times[0].start,
    });
    expect(booked.statusCode).toBe(200);

    await lookAt(MIDDLE);
    expect(nudgesTo(ada.email)).toHaveLength(0);
    expect(nudgesTo(bob.email)).toHaveLength(0);
  });

  it("is not sent for a finished match, nor once the check-in is due", async () => {
    const done = await berlinAndNewYork("Finished");
    await t.db
      .update(matches)
      .set({ status: "completed", completedAt: PUBLISHED })
      .where(eq(matches.id, done.pair.id));
    const late = await berlinAndNewYork("Late");

    await lookAt(CHECK_IN);
    expect(nudgesTo(done.ada.email)).toHaveLength(0);
    expect(nudgesTo(late.ada.email)).toHaveLength(0);
  });
});
