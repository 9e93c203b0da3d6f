import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { invitationOptOuts, outgoingMessages } from "../db/schema";
import { invitationRemindersJob } from "../jobs/definitions/invitation-reminders";
import { quietLogs } from "../jobs/definitions/job-logs";
import { runDue } from "../jobs/run-job";
import { REMINDER_SUBJECT } from "../outbox/kinds/launch-invitation";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

// docs/mail.md, "Invitations and reminders": at most two, 3 and 10 days after the invitation.
const DAY = 24 * 3600_000;
const START = new Date("2027-05-03T09:00:00Z");
const clock = fixedClock(START);
let t: TestApp;
let peer: SmtpPeer;
let hr: { id: string };
setUpAppWithSmtpPeer({ clock }, (app) => ({ t, peer } = app));
beforeAll(async () => {
  hr = await createAdmin(t.db, { email: "hr@remind.test" });
});

const onDay = (day: number) => clock.set(new Date(START.getTime() + day * DAY));
const runJob = () => runDue(invitationRemindersJob(t.ctx, quietLogs), { owner: "test" });
async function remindersTo(email: string) {
  return t.db
    .select({ key: outgoingMessages.onceKey })
    .from(outgoingMessages)
    .where(eq(outgoingMessages.recipient, email))
    .orderBy(outgoingMessages.onceKey)
    .then((rows) => rows.filter((r) => r.key?.startsWith("reminder-")).map((r) => r.key));
}

describe("the reminders to invited people who have not joined", () => {
  it("go 3 and 10 days after the invitation, never more, and stop on joining or unsubscribing", async () => {
    for (const who of ["ann", "bob", "cat", "dan"]) await allowEmail(t.db, `${who}@remind.test`);
    expect((await t.as(hr).post("/api/admin/getting-started/launch")).statusCode).toBe(202);

    onDay(1);
    await createUser(t.db, { email: "bob@remind.test" }); // joined
    await t.db.insert(invitationOptOuts).values({ email: "cat@remind.test" }); // unsubscribed
    expect(await runJob()).toEqual(["0 reminders queued"]);

    onDay(3);
    expect(await runJob()).toEqual(["2 reminders queued"]);
    expect(await runJob()).toEqual([]); // once a day
    await t.outboxDelivery.settled();
    const reminder = peer.messages.find(
      (m) => m.to[0] === "ann@remind.test" && m.subject === REMINDER_SUBJECT,
    );
    expect(reminder?.text).toContain(`${t.ctx.config.appUrl}/auth`);
    expect(reminder?.parsed.headers.find((h) => h.key === "list-unsubscribe-post")?.value).toBe(
      "List-Unsubscribe=One-Click",
    );

    onDay(5);
    await createUser(t.db, { email: "dan@remind.test" });
    onDay(9);
    expect(await runJob()).toEqual(["0 reminders queued"]);
    onDay(10);
    expect(await runJob()).toEqual(["1 reminder queued"]);
    for (const day of [11, 20, 60]) {
      onDay(day);
      expect(await runJob()).toEqual(["0 reminders queued"]);
    }
    expect(await remindersTo("ann@remind.test")).toEqual(["reminder-1", "reminder-2"]);
    expect(await remindersTo("dan@remind.test")).toEqual(["reminder-1"]);
    expect(await remindersTo("bob@remind.test")).toEqual([]);
    expect(await remindersTo("cat@remind.test")).toEqual([]);
  });

  it("stay days apart after the job did not run for weeks", async () => {
    onDay(100);
    await allowEmail(t.db, "eve@remind.test");
    const sent = await t.as(hr).post("/api/admin/invitations", { emails: ["eve@remind.test"] });
    expect(sent.json()).toMatchObject({ queued: 1 });
    onDay(130);
    expect(await runJob()).toEqual(["1 reminder queued"]);
    expect(await remindersTo("eve@remind.test")).toEqual(["reminder-1"]);
    onDay(131);
    expect(await runJob()).toEqual(["0 reminders queued"]);
    onDay(137);
    expect(await runJob()).toEqual(["1 reminder queued"]);
    expect(await remindersTo("eve@remind.test")).toEqual(["reminder-1", "reminder-2"]);
  });
});
