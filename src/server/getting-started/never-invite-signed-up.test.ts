import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_COMPANY_NAME } from "../../shared/sample-company";
import { fixedClock } from "../clock";
import { mailOutbox, outgoingMessages } from "../db/schema";
import { seedSampleCompany } from "../demo/seed-demo";
import { invitation } from "../outbox/kinds/invitation";
import { launchInvitation } from "../outbox/kinds/launch-invitation";
import { queue } from "../outbox/queue";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

// docs/admin-console.md, "Getting started": an invitation is for people who have not signed up,
// and the launch is the first one: nobody who signed up or was invited already gets it.
const DAY = 24 * 3600_000;
const clock = fixedClock("2027-05-03T09:00:00Z");
let t: TestApp;
let hr: { id: string };
beforeEach(async () => {
  t = await createTestApp({ clock });
  hr = await createAdmin(t.db, { email: "hr@hq.test" });
});
afterEach(() => t.close());

// Signed in afresh at each request: the clock moves on by days, past a session's life.
const admin = () => t.as(hr);
const checklist = async () => (await admin().get("/api/admin/getting-started")).json();
const launch = () => admin().post("/api/admin/getting-started/launch");
const invite = (emails: string[]) => admin().post("/api/admin/invitations", { emails });
const queuedTo = async () =>
  (
    await t.db
      .select({ to: outgoingMessages.recipient })
      .from(outgoingMessages)
      .where(inArray(outgoingMessages.kind, [launchInvitation.name, invitation.name]))
  ).map((r) => r.to);

describe("the invitation never reaches someone who signed up", () => {
  it("offers nobody in the sample company, where everyone signed up under its domain entry", async () => {
    await seedSampleCompany(t.db, { now: clock.now(), count: 40 });
    const list = await checklist();
    // The sample company names itself, and the step reads the name alone.
    expect(list.steps.company).toBe(true);
    expect((await admin().get("/api/admin/company")).json().name).toBe(SAMPLE_COMPANY_NAME);
    // Its 40 people have accounts and finished profiles: nobody to e-mail.
    expect(list).toMatchObject({ whitelistEntries: 1, launchRecipients: 0 });
    expect(list.steps.invite).toBe(false);

    const res = await launch();
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Share the sign-in address instead");
    expect(await queuedTo()).toEqual([]);
  });

  it("reaches single addresses with no account and provisioned accounts not yet signed up, nobody else", async () => {
    await allowEmail(t.db, "*@mixed.test");
    await allowEmail(t.db, "ann@mixed.test"); // no account yet
    await allowEmail(t.db, "bea@mixed.test"); // signed up by their own address
    await createUser(t.db, { email: "bea@mixed.test" });
    await createUser(t.db, { email: "cal@mixed.test" }); // signed up under the domain entry
    // Signed in, profile not finished: they found the sign-in address themselves.
    await createUser(t.db, { email: "dee@mixed.test", needsProfileSetup: true });
    // Provisioned by SCIM and never signed up: invited like a single address.
    await createUser(t.db, {
      email: "eli@mixed.test",
      authMethod: "scim",
      scimManaged: true,
      needsProfileSetup: true,
    });
    // Provisioned by SCIM and signed up since.
    await createUser(t.db, { email: "fay@mixed.test", authMethod: "scim", scimManaged: true });
    expect((await checklist()).launchRecipients).toBe(2);

    const res = await launch();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().total).toBe(2);
    expect((await queuedTo()).sort()).toEqual(["ann@mixed.test", "eli@mixed.test"]);
  });

  it("the launch leaves out whoever the Email Whitelist invited already, even two days ago", async () => {
    for (const who of ["ann", "bob", "cat"]) await allowEmail(t.db, `${who}@early.test`);
    expect((await invite(["ann@early.test", "bob@early.test"])).json()).toMatchObject({
      queued: 2,
    });
    clock.advance(2 * DAY);
    expect(await checklist()).toMatchObject({ launchRecipients: 1, steps: { invite: false } });

    const res = await launch();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      total: 1,
      message:
        "Sending the invitation to 1 address. 2 left out: they were invited already or asked for no more invitations.",
    });
    expect((await queuedTo()).sort()).toEqual([
      "ann@early.test",
      "bob@early.test",
      "cat@early.test",
    ]);
    expect((await checklist()).steps.invite).toBe(true);
  });

  it("the send refuses, whatever the page asked for, whoever signed up or was invited within the day", async () => {
    await allowEmail(t.db, "ann@ask.test");
    await allowEmail(t.db, "bob@ask.test");
    await createUser(t.db, { email: "bob@ask.test" });
    await allowEmail(t.db, "*@ask.test");
    await createUser(t.db, { email: "cat@ask.test" });
    expect((await invite(["ann@ask.test"])).json()).toMatchObject({ queued: 1 });

    clock.advance(60_000);
    const res = await invite(["ann@ask.test", "bob@ask.test", "cat@ask.test"]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      queued: 0,
      skipped: [
        { email: "bob@ask.test", reason: "Already signed up" },
        { email: "cat@ask.test", reason: "Not on the whitelist as a single address" },
        { email: "ann@ask.test", reason: expect.stringMatching(/^Invited less than a day ago/) },
      ],
    });
    expect(await queuedTo()).toEqual(["ann@ask.test"]);
  });

  it("delivery holds back an invitation whose person signed up after it was queued", async () => {
    await allowEmail(t.db, "ann@late.test");
    await allowEmail(t.db, "bob@late.test");
    // Queued while neither had an account; Ann signs up before the outbox gets to it (an outage).
    await createUser(t.db, { email: "ann@late.test" });
    await t.db.transaction(async (tx) => {
      await queue(t.ctx, tx, launchInvitation, ["ann@late.test", "bob@late.test"], {});
      await queue(t.ctx, tx, invitation, ["ann@late.test"], { invitedAt: "2027-05-03" });
    });
    const mails = await t.outbox();
    expect(mails.map((m) => m.toAddress)).toEqual(["bob@late.test"]);
    const held = await t.db
      .select({ state: outgoingMessages.state, why: outgoingMessages.errorMessage })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.recipient, "ann@late.test"));
    expect(held).toEqual([
      { state: "failed", why: "Not sent: the address has signed up since." },
      { state: "failed", why: "Not sent: the address has signed up since." },
    ]);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ann@late.test")),
    ).toEqual([]);
  });
});
