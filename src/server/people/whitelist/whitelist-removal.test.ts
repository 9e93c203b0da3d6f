import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { matches, matchMembers } from "../../db/schema";
import { memberIds, withMembers } from "../../match-members/match-members";
import { checkRoundInvariants } from "../../rounds/round-invariants";
import { allowEmail, createMatch, createUser, signIn, signInAdmin } from "../../test/factories";
import { checkRoundInvariantsAfterEach } from "../../test/round-invariants-hook";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-05-10T09:00:00Z");
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await signInAdmin(t.db, { email: "boss@hq.test" }, { now: NOW });
});
afterAll(() => t.close());
checkRoundInvariantsAfterEach(() => t?.db);

const asAdmin = (method: "GET" | "POST" | "DELETE", url: string) =>
  t.app.inject({ method, url, headers: { cookie: admin } });

describe("removing a whitelist entry", () => {
  it("leaves the removed person out of a company-wide pairing and out of the counts", async () => {
    await allowEmail(t.db, "*@wide.test");
    const stay = await Promise.all(
      ["a", "b", "c", "d"].map((name) => createUser(t.db, { email: `${name}@wide.test` })),
    );
    const leaver = await createUser(t.db, { email: "leaver@solo-wide.test" });
    const entry = await allowEmail(t.db, leaver.email);
    const before = (await asAdmin("GET", "/api/admin/pairing-validation")).json();

    const removed = await asAdmin("DELETE", `/api/admin/allowed-emails/${entry.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().accessLost).toEqual({ people: 1, inActiveMatch: 0 });
    const after = (await asAdmin("GET", "/api/admin/pairing-validation")).json();
    expect(after.statusCounts.truly_active).toBe(before.statusCounts.truly_active - 1);

    const res = await asAdmin("POST", "/api/admin/generate-pairing");
    expect(res.statusCode).toBe(200);
    const theirs = await t.db.select().from(matchMembers).where(eq(matchMembers.userId, leaver.id));
    expect(theirs).toEqual([]);
    const paired = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, res.json().pairingId)),
    );
    const members = paired.flatMap(memberIds);
    for (const person of stay) expect(members).toContain(person.id);
  });

  it("ends a pair whose partner nobody else can meet: the partner waits, and the admin is told to re-pair them", async () => {
    const leaver = await createUser(t.db, { email: "matched@gone.test" });
    const partner = await createUser(t.db, { email: "partner@stays.test" });
    const entry = await allowEmail(t.db, leaver.email);
    const partnerCookie = await signIn(t.db, partner, { now: NOW });
    const match = await createMatch(t.db, { members: [leaver, partner], month: "2027-05" });

    const removed = await asAdmin("DELETE", `/api/admin/allowed-emails/${entry.id}`);
    expect(removed.json()).toMatchObject({
      accessLost: { people: 1, inActiveMatch: 1 },
      message:
        "matched@gone.test was removed from the whitelist. 1 person lost access: signed out at the next request and left out of future pairings. 1 of them leaves a partner nobody else could meet now: re-pair that partner under Current Pairings.",
    });
    const current = await t.app.inject({
      method: "GET",
      url: "/api/matches/current",
      headers: { cookie: partnerCookie },
    });
    expect(current.json().match?.id).not.toBe(match.id);
    await checkRoundInvariants(t.db);
  });

  it("reports nobody when another entry still admits the people", async () => {
    await allowEmail(t.db, "*@covered.test");
    await createUser(t.db, { email: "vip@covered.test" });
    const specific = await allowEmail(t.db, "vip@covered.test");
    const removed = await asAdmin("DELETE", `/api/admin/allowed-emails/${specific.id}`);
    expect(removed.json()).toMatchObject({
      accessLost: { people: 0, inActiveMatch: 0 },
      message: "vip@covered.test was removed from the whitelist.",
    });
  });
});
