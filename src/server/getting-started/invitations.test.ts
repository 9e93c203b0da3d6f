import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { LAUNCH_SUBJECT } from "../newsletters/compose/launch";
import { allowEmail, createUser } from "../test/factories";
import { type SendingApp, startSendingApp } from "../test/sending-app";

const clock = fixedClock(new Date());
let sending: SendingApp;
beforeAll(async () => {
  sending = await startSendingApp({ clock, worker: { pollMs: 50 } });
});
afterAll(() => sending?.close());

const asAdmin = () => sending.t.as(sending.admin);
const invite = (emails: string[]) => asAdmin().post("/api/admin/invitations", { emails });
const list = async () => (await asAdmin().get("/api/admin/invitations")).json();

describe("inviting the whitelisted people who have not signed up", () => {
  it("lists them with when each was last invited, invites once a day, and sends the launch e-mail", async () => {
    const { t, peer } = sending;
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
    const id = res.json().id as number;
    await expect
      .poll(async () => (await asAdmin().get(`/api/admin/newsletters/${id}/send-status`)).json(), {
        timeout: 15_000,
        interval: 50,
      })
      .toMatchObject({ status: "sent", total: 1, sent: 1, failed: 0 });
    const mails = peer.messages.filter((m) => m.subject === LAUNCH_SUBJECT);
    expect(mails.map((m) => m.to[0])).toEqual(["ann@invite.test"]);
    expect(mails[0].text).toContain(`${t.ctx.config.appUrl}/auth`);

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
    const person = sending.t.as(await createUser(sending.t.db, { email: "who@invite.test" }));
    expect([401, 403]).toContain((await person.get("/api/admin/invitations")).statusCode);
    expect([401, 403]).toContain(
      (await person.post("/api/admin/invitations", { emails: ["a@invite.test"] })).statusCode,
    );
    const empty = await invite([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Choose at least one person to invite");
  });
});
