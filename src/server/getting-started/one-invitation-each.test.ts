import { inArray, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages } from "../db/schema";
import { allowEmail, createAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

// docs/admin-console.md, "Invitations": one rule per person, whichever button sends.
const PEOPLE = ["ann@one.test", "bob@one.test", "cat@one.test", "dan@one.test", "eve@one.test"];

let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
const clock = fixedClock("2027-05-03T09:00:00Z");
beforeEach(async () => {
  t = await createTestApp({ clock });
  admin = t.as(await createAdmin(t.db, { email: "hr@one.test" }));
  for (const email of PEOPLE) await allowEmail(t.db, email);
});
afterEach(() => t.close());

const launch = () => admin.post("/api/admin/getting-started/launch");
const invite = (emails = PEOPLE) => admin.post("/api/admin/invitations", { emails });
const checklist = async () => (await admin.get("/api/admin/getting-started")).json();

/** How many invitations (the launch one and later ones) each address was queued. */
async function invitationsPerAddress(): Promise<Record<string, number>> {
  const rows = await t.db
    .select({ to: outgoingMessages.recipient, n: sql<number>`count(*)::int` })
    .from(outgoingMessages)
    .where(inArray(outgoingMessages.kind, ["launch-invitation", "invitation"]))
    .groupBy(outgoingMessages.recipient);
  return Object.fromEntries(rows.map((r) => [r.to, r.n]));
}
const onceEach = (emails: string[]) => Object.fromEntries(emails.map((e) => [e, 1]));

describe("one invitation per person, whichever button sends", () => {
  it("invited from the Email Whitelist: the checklist step is done and the launch sends nobody twice", async () => {
    expect(await checklist()).toMatchObject({ steps: { invite: false }, launchRecipients: 5 });
    const sent = await invite();
    expect(sent.json()).toMatchObject({ queued: 5, skipped: [] });

    expect(await checklist()).toMatchObject({ steps: { invite: true }, launchRecipients: 0 });
    const late = await launch();
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain("was invited already");
    expect(await invitationsPerAddress()).toEqual(onceEach(PEOPLE));

    // Someone whitelisted later is the only one the launch reaches, a minute later.
    await allowEmail(t.db, "fay@one.test");
    clock.advance(60_000);
    expect(await checklist()).toMatchObject({ steps: { invite: false }, launchRecipients: 1 });
    const res = await launch();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      total: 1,
      message:
        "Sending the invitation to 1 address. 5 left out: they were invited already or asked for no more invitations.",
    });
    expect(await invitationsPerAddress()).toEqual(onceEach([...PEOPLE, "fay@one.test"]));
    expect((await checklist()).steps.invite).toBe(true);
  });

  it("launched first: the Email Whitelist's button leaves everyone out for the day", async () => {
    expect((await launch()).statusCode).toBe(202);
    clock.advance(60_000);
    const res = await invite();
    expect(res.json()).toMatchObject({ queued: 0 });
    expect(res.json().skipped.map((s: { reason: string }) => s.reason)).toEqual(
      PEOPLE.map(() => expect.stringMatching(/^Invited less than a day ago/)),
    );
    expect(await invitationsPerAddress()).toEqual(onceEach(PEOPLE));
  });

  it("two buttons pressed at once invite each address once", async () => {
    const [first, ...rest] = await Promise.all([launch(), invite(), invite(), launch()]);
    const launches = [first, rest[2]].map((a) => a.statusCode);
    // The invite button always answers 202 (with whom it left out); a launch answers 409 when
    // nobody is left. Which press takes the lock first decides how many launches find someone:
    // one when a launch is first, none when an invite is.
    expect(rest.slice(0, 2).map((a) => a.statusCode)).toEqual([202, 202]);
    expect([
      [202, 409],
      [409, 409],
    ]).toContainEqual(launches.sort());
    expect(await invitationsPerAddress()).toEqual(onceEach(PEOPLE));
    expect((await checklist()).steps.invite).toBe(true);
  });
});
