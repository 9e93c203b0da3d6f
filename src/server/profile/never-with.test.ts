import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NEVER_WITH } from "../../shared/never-with";
import { fixedClock } from "../clock";
import { matches, matchMembers, neverWith, pairings, users } from "../db/schema";
import { erasePerson } from "../privacy/erase-person";
import {
  allowEmail,
  createDepartment,
  createGroup,
  createUser,
  signInAdmin,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-01-11T08:00:00Z");
const LIST = "/api/profile/never-with";
let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await signInAdmin(t.db, { email: "boss@never.test" }, { now: NOW }));
});
afterAll(() => t.close());

describe("the never-with list", () => {
  it("finds colleagues by name, adds and removes them; only its owner sees it", async () => {
    const me = await createUser(t.db, { firstName: "Mia", lastName: "Owner" });
    // The list shows the department's name, never its key.
    await createDepartment(t.db, { name: "legal-affairs", displayName: "Legal & Compliance" });
    const other = await createUser(t.db, {
      firstName: "Zed",
      lastName: "Quill",
      department: "legal-affairs",
    });
    const mine = t.as(me);
    const found = (await mine.get(`${LIST}/search?q=quil`)).json();
    expect(found.people).toEqual([
      { id: other.id, name: "Zed Quill", department: "Legal & Compliance" },
    ]);
    expect((await mine.get(`${LIST}/search?q=Mia`)).json().people).toEqual([]);
    const added = await mine.post(LIST, { userId: other.id });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      people: [{ id: other.id, name: "Zed Quill", department: "Legal & Compliance" }],
      max: MAX_NEVER_WITH,
    });
    // The person named sees nothing of it, nor does the admin's own list.
    expect((await t.as(other).get(LIST)).json().people).toEqual([]);
    expect((await admin.get(LIST)).json().people).toEqual([]);
    const removed = await mine.delete(`${LIST}/${other.id}`);
    expect(removed.json().people).toEqual([]);
  });

  it("refuses oneself, a stranger's id, a short search and more than the limit, each with a message", async () => {
    const me = await createUser(t.db);
    const mine = t.as(me);
    expect((await mine.post(LIST, { userId: me.id })).json().message).toMatch(/yourself/);
    const ghost = "00000000-0000-4000-8000-000000000000";
    const res = await mine.post(LIST, { userId: ghost });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Choose a colleague/);
    expect((await mine.get(`${LIST}/search?q=a`)).statusCode).toBe(400);
    for (let i = 0; i < MAX_NEVER_WITH; i++) {
      const colleague = await createUser(t.db);
      expect((await mine.post(LIST, { userId: colleague.id })).statusCode).toBe(200);
    }
    const one = await createUser(t.db);
    const over = await mine.post(LIST, { userId: one.id });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(`at most ${MAX_NEVER_WITH}`);
  });

  it("keeps two people apart in a generated pairing, either way, and the reason names nobody", async () => {
    const group = await createGroup(t.db, { name: "never", displayName: "Never" });
    await allowEmail(t.db, "*@never-pair.test", group.id);
    const a = await createUser(t.db, { email: "a@never-pair.test", department: "sales" });
    const b = await createUser(t.db, { email: "b@never-pair.test", department: "legal" });
    const c = await createUser(t.db, { email: "c@never-pair.test", department: "ops" });
    await t.as(a).post(LIST, { userId: b.id });
    await t.as(c).post(LIST, { userId: b.id });
    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(pairings).where(eq(pairings.domainGroupId, group.id));
    const members = await t.db
      .select({ userId: matchMembers.userId })
      .from(matchMembers)
      .innerJoin(matches, eq(matches.id, matchMembers.matchId))
      .where(eq(matches.pairingId, row.id));
    expect(members.map((m) => m.userId).sort()).toEqual([a.id, c.id].sort());
    expect(row.satOut).toEqual([
      { userId: b.id, reason: { kind: "own-rules", could: 2, meet: false } },
    ]);
    expect(JSON.stringify(res.json())).not.toContain("never-pair.test");
  });

  it("is in its owner's data export and leaves no row behind when either person is erased", async () => {
    const me = await createUser(t.db);
    const other = await createUser(t.db);
    const third = await createUser(t.db);
    await t.as(me).post(LIST, { userId: other.id });
    await t.as(third).post(LIST, { userId: me.id });
    const data = (await t.as(me).get("/api/profile/data")).json();
    expect(data.neverWith).toEqual([{ colleagueId: other.id, addedAt: NOW.toISOString() }]);
    // Someone else's list naming them is not theirs to see.
    expect(JSON.stringify(data)).not.toContain(third.id);
    await erasePerson(t.ctx, me.id, "themself");
    const left = await t.db.select().from(neverWith).where(eq(neverWith.userId, me.id));
    const named = await t.db.select().from(neverWith).where(eq(neverWith.otherId, me.id));
    expect([left, named]).toEqual([[], []]);
  });
});

const MEETING = "/api/profile/meeting";

describe("how we meet", () => {
  it("is either until chosen; in person needs an office; saved as chosen", async () => {
    const mine = t.as(await createUser(t.db));
    const first = await mine.get(MEETING);
    expect([first.statusCode, first.json()]).toEqual([200, { meet: "either", office: null }]);
    const bad = await mine.put(MEETING, { meet: "in-person", office: "  " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Name your office/);
    const saved = await mine.put(MEETING, { meet: "in-person", office: " Berlin " });
    expect(saved.json()).toEqual({ meet: "in-person", office: "Berlin" });
    expect((await mine.get(MEETING)).json()).toEqual({ meet: "in-person", office: "Berlin" });
  });

  it("keeps people without a shared way to meet apart, told so; export and erasure cover it", async () => {
    const group = await createGroup(t.db, { name: "meet", displayName: "Meet" });
    await allowEmail(t.db, "*@meet-pair.test", group.id);
    const berlin = await createUser(t.db, { email: "a@meet-pair.test", department: "sales" });
    const online = await createUser(t.db, { email: "b@meet-pair.test", department: "legal" });
    const either = await createUser(t.db, { email: "c@meet-pair.test", department: "ops" });
    await t.as(berlin).put(MEETING, { meet: "in-person", office: "Berlin" });
    await t.as(online).put(MEETING, { meet: "online", office: null });
    await t.as(either).put(MEETING, { meet: "either", office: "Paris" });
    const res = await admin.post(`/api/admin/generate-pairing/${group.id}`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(pairings).where(eq(pairings.domainGroupId, group.id));
    expect(row.satOut).toEqual([
      { userId: berlin.id, reason: { kind: "own-rules", could: 2, meet: true } },
    ]);
    const data = (await t.as(berlin).get("/api/profile/data")).json();
    expect(data.profile).toMatchObject({ meetWay: "in-person", office: "Berlin" });
    await erasePerson(t.ctx, berlin.id, "themself");
    const [erased] = await t.db.select().from(users).where(eq(users.id, berlin.id));
    expect([erased.meetWay, erased.office]).toEqual([null, null]);
  });
});
