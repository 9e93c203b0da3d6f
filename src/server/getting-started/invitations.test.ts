import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages } from "../db/schema";
import { LAUNCH_SUBJECT } from "../outbox/kinds/launch-invitation";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock(new Date());
let t: TestApp;
let admin: { id: string };
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t.db, { email: "hr@invite.test" });
});
afterAll(() => t?.close());

const asAdmin = () => t.as(admin);
const invite = (emails: string[]) => asAdmin().post("/api/admin/invitations", { emails });
const list = async () => (await asAdmin().get("/api/admin/invitations")).json();

describe("inviting the whitelisted people who have not signed up", () => {
  it("lists them with when each was last invited, invites once a day, and queues the launch e-mail", async () => {
    await allowEmail(t.db, "*@invite.test");
    await asAdmin().post("/api/admin/whitelist/import", {
      rows: [
        { email: "ann@invite.test", firstName: "Ann", lastName: "Lee" },
        { email: "bob@invite.test" },
        { email: "cat@invite.test" },
      ],
    });
    await createUser(t.db, { email: "cat@invite.test" });
    expect(await list()).toEqual({
      people: [
        {
          email: "ann@invite.test",
          firstName: "Ann",
          lastName: "Lee",
          lastInvitedAt: null,
          nextInviteAt: null,
        },
        {
          email: "bob@invite.test",
          firstName: null,
          lastName: null,
          lastInvitedAt: null,
          nextInviteAt: null,
        },
      ],
      total: 2,
      launchSent: false,
    });

    const res = await invite(["ANN@invite.test", "cat@invite.test", "dan@invite.test", "nope"]);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      queued: 1,
      message: "Sending the invitation to 1 person.",
      skipped: [
        { email: "nope", reason: "Not a valid e-mail address" },
        { email: "cat@invite.test", reason: "Already signed up" },
        { email: "dan@invite.test", reason: "Not on the whitelist as a single address" },
      ],
    });
    // Queued in the outbox, the launch e-mail (the story sees it arrive by SMTP).
    const queued = await t.db
      .select({ to: outgoingMessages.recipient, data: outgoingMessages.data })
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "invitation"));
    expect(queued).toEqual([
      { to: "ann@invite.test", data: { invitedAt: clock.now().toISOString() } },
    ]);
    expect((await t.outbox()).map((m) => [m.toAddress, m.subject])).toContainEqual([
      "ann@invite.test",
      LAUNCH_SUBJECT,
    ]);

    const invitedAt = clock.now().toISOString();
    const tomorrow = new Date(clock.now().getTime() + 24 * 3600_000).toISOString();
    expect((await list()).people[0]).toMatchObject({
      email: "ann@invite.test",
      lastInvitedAt: invitedAt,
      nextInviteAt: tomorrow,
    });

    // A resend the same day is refused for that address only.
    clock.advance(23 * 3600_000);
    const again = await invite(["ann@invite.test", "bob@invite.test"]);
    expect(again.json()).toMatchObject({
      queued: 1,
      skipped: [
        {
          email: "ann@invite.test",
          reason: `Invited less than a day ago; it can be sent again from ${tomorrow}`,
        },
      ],
    });
    clock.advance(3600_000);
    const nextDay = await invite(["ann@invite.test"]);
    expect(nextDay.json()).toMatchObject({ queued: 1, skipped: [] });
  });

  it("is for admins only and refuses an empty list", async () => {
    const person = t.as(await createUser(t.db, { email: "who@invite.test" }));
    expect([401, 403]).toContain((await person.get("/api/admin/invitations")).statusCode);
    expect([401, 403]).toContain(
      (await person.post("/api/admin/invitations", { emails: ["a@invite.test"] })).statusCode,
    );
    const empty = await invite([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Choose at least one person to invite");
  });
});
