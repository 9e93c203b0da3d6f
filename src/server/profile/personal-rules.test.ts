import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import {
  allowedEmails,
  interestTags,
  matches,
  matchMembers,
  outgoingMessages,
  pairings,
  users,
} from "../db/schema";
import { erasePerson } from "../privacy/erase-person";
import { ENTERPRISE_SCHEMA } from "../scim/scim-schemas";
import { allowEmail, createGroup, createUser, signInAdmin } from "../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";
import { queuePauseReminders } from "./queue-pause-reminders";

const NOW = new Date("2027-01-11T08:00:00Z");
const TOKEN = "scim-token-0123456789-0123456789-rules1";
let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW), env: { SCIM_TOKEN: TOKEN } });
  admin = t.as(await signInAdmin(t.db, { email: "boss@rules.test" }, { now: NOW }));
});
afterAll(() => t.close());

const scim = (method: "POST" | "PATCH", url: string, body: unknown) =>
  t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/scim+json" },
    payload: JSON.stringify(body),
  });

const rowOf = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

/** The members of each match of the group's generated pairing. */
async function generatedGroups(groupId: number): Promise<string[][]> {
  const res = await admin.post(`/api/admin/generate-pairing/${groupId}`);
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(pairings).where(eq(pairings.domainGroupId, groupId));
  const members = await t.db
    .select({ matchId: matchMembers.matchId, userId: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(eq(matches.pairingId, row.id));
  const byMatch = new Map<number, string[]>();
  for (const m of members) byMatch.set(m.matchId, [...(byMatch.get(m.matchId) ?? []), m.userId]);
  return [...byMatch.values()].map((g) => g.sort());
}

describe("offices", () => {
  it("the admin keeps a list per group; the profile picks from it, any case", async () => {
    const group = await createGroup(t.db, { name: "offices", displayName: "Offices" });
    await allowEmail(t.db, "*@offices.test", group.id);
    const me = t.as(await createUser(t.db, { email: "me@offices.test" }));
    const bad = await admin.put("/api/admin/offices", {
      domainGroupId: group.id,
      offices: ["Berlin", "berlin"],
    });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "Each office is listed once."]);
    const saved = await admin.put("/api/admin/offices", {
      domainGroupId: group.id,
      offices: ["Berlin", " Lisbon "],
    });
    expect(saved.json()).toEqual({ domainGroupId: group.id, offices: ["Berlin", "Lisbon"] });
    expect((await admin.get(`/api/admin/offices?groupId=${group.id}`)).json().offices).toEqual([
      "Berlin",
      "Lisbon",
    ]);
    expect((await me.get("/api/profile/offices")).json().offices).toEqual(["Berlin", "Lisbon"]);
    const elsewhere = await me.put("/api/profile/meeting", { meet: "in-person", office: "Paris" });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([
      400,
      "Choose your office from the list.",
    ]);
    const ok = await me.put("/api/profile/meeting", { meet: "in-person", office: "lisbon" });
    expect(ok.json()).toEqual({ meet: "in-person", office: "Lisbon" });
    // Someone else's list is the admin's alone.
    expect(
      (await me.put("/api/admin/offices", { domainGroupId: null, offices: [] })).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });
});

describe("shared interests", () => {
  it("people choose accepted tags, suggest others; the admin accepts and removes them", async () => {
    const person = await createUser(t.db);
    const me = t.as(person);
    expect((await admin.post("/api/admin/interests", { name: "Climbing" })).statusCode).toBe(201);
    const twice = await admin.post("/api/admin/interests", { name: "climbing" });
    expect(twice.statusCode).toBe(409);
    const suggested = await me.post("/api/profile/interests/suggestions", { name: "Chess" });
    expect(suggested.json()).toMatchObject({ name: "Chess", accepted: false });
    const notYet = await me.put("/api/profile/interests", { interests: ["Chess"] });
    expect(notYet.statusCode).toBe(400);
    expect(
      (await admin.post(`/api/admin/interests/${suggested.json().id}/accept`)).json(),
    ).toMatchObject({ accepted: true });
    const chosen = await me.put("/api/profile/interests", { interests: ["chess", "Climbing"] });
    expect(chosen.json()).toMatchObject({ interests: ["Chess", "Climbing"], max: 10 });
    const tooMany = await me.put("/api/profile/interests", {
      interests: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      400,
      "Choose at most 10 interests.",
    ]);
    const list = (await admin.get("/api/admin/interests")).json().tags;
    expect(list.find((tag: { name: string }) => tag.name === "Chess")).toMatchObject({ people: 1 });
    await admin.delete(`/api/admin/interests/${suggested.json().id}`);
    expect((await rowOf(person.id)).interests).toEqual(["Climbing"]);
    const data = (await me.get("/api/profile/data")).json();
    expect(data.profile).toMatchObject({ interests: ["Climbing"], managerId: null });
    const mine = await me.post("/api/profile/interests/suggestions", { name: "Origami" });
    await erasePerson(t.ctx, person.id, "themself");
    const [tag] = await t.db.select().from(interestTags).where(eq(interestTags.id, mine.json().id));
    expect([tag.suggestedBy, (await rowOf(person.id)).interests]).toEqual([null, []]);
  });
});

describe("never with my manager", () => {
  it("the admin sets a manager by address; the pairing keeps them and their report apart", async () => {
    const group = await createGroup(t.db, { name: "managers", displayName: "Managers" });
    await allowEmail(t.db, "*@mgr-pair.test", group.id);
    const boss = await createUser(t.db, { email: "boss@mgr-pair.test", department: "sales" });
    const report = await createUser(t.db, { email: "rep@mgr-pair.test", department: "legal" });
    const other = await createUser(t.db, { email: "oth@mgr-pair.test", department: "ops" });
    const nobody = await admin.patch(`/api/admin/users/${report.id}`, {
      managerEmail: "ghost@mgr-pair.test",
    });
    expect(nobody.statusCode).toBe(400);
    const res = await admin.patch(`/api/admin/users/${report.id}`, {
      managerEmail: "BOSS@mgr-pair.test",
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(report.id)).managerId).toBe(boss.id);
    const groups = await generatedGroups(group.id);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toContain(other.id);
    expect((await t.as(report).get("/api/profile/data")).json().profile.managerId).toBe(boss.id);
    await erasePerson(t.ctx, boss.id, "themself");
    expect((await rowOf(report.id)).managerId).toBeNull();
  });

  it("a manager waited for is in the export, and erasure forgets it on both sides", async () => {
    await allowEmail(t.db, "*@mgr-wait.test");
    const gone = await createUser(t.db, { email: "gone@mgr-wait.test" });
    const report = await createUser(t.db, {
      email: "rep@mgr-wait.test",
      managerRef: "GONE@mgr-wait.test",
    });
    const waiting = await createUser(t.db, {
      email: "wait@mgr-wait.test",
      managerRef: "someone@elsewhere.test",
    });
    await t.db.insert(allowedEmails).values({
      email: "new@mgr-wait.test",
      domain: "mgr-wait.test",
      managerEmail: "gone@mgr-wait.test",
      office: "Oslo",
    });
    const data = (await t.as(report).get("/api/profile/data")).json();
    expect(data.profile.managerRef).toBe("GONE@mgr-wait.test");
    // Erasing the manager: nobody waits for their address any more, nor names it on an entry.
    await erasePerson(t.ctx, gone.id, "themself");
    expect((await rowOf(report.id)).managerRef).toBeNull();
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "new@mgr-wait.test"));
    expect([entry.managerEmail, entry.office]).toEqual([null, "Oslo"]);
    // Erasing the person: their own reference goes with the rest of their profile.
    await erasePerson(t.ctx, waiting.id, "themself");
    expect((await rowOf(waiting.id)).managerRef).toBeNull();
  });

  it("SCIM sets the manager from the enterprise extension and the office from the work address", async () => {
    await allowEmail(t.db, "*@scim-rules.test");
    await admin.put("/api/admin/offices", { domainGroupId: null, offices: ["Berlin"] });
    const person = (name: string, extra: Record<string, unknown> = {}) => ({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", ENTERPRISE_SCHEMA],
      userName: `${name}@scim-rules.test`,
      emails: [{ primary: true, type: "work", value: `${name}@scim-rules.test` }],
      ...extra,
    });
    const boss = await scim(
      "POST",
      "/Users",
      person("boss", { name: { givenName: "Bo", familyName: "Boss" } }),
    );
    expect(boss.statusCode).toBe(201);
    const bossId = boss.json().id as string;
    const created = await scim(
      "POST",
      "/Users",
      person("ann", {
        addresses: [{ type: "work", locality: "berlin", country: "DE" }],
        [ENTERPRISE_SCHEMA]: { manager: { value: bossId } },
      }),
    );
    expect(created.statusCode).toBe(201);
    // Echoed as RFC 7643 gives them: the manager's id, $ref and name; the office as the locality.
    const echoed = {
      [ENTERPRISE_SCHEMA]: {
        manager: {
          value: bossId,
          $ref: `${TEST_APP_URL}/scim/v2/Users/${bossId}`,
          displayName: "Bo Boss",
        },
      },
      addresses: [{ type: "work", locality: "Berlin", primary: true }],
    };
    expect(created.json()).toMatchObject(echoed);
    const read = await t.app.inject({
      method: "GET",
      url: `/scim/v2/Users/${created.json().id}`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(read.json()).toMatchObject(echoed);
    const [ann] = await t.db.select().from(users).where(eq(users.email, "ann@scim-rules.test"));
    const [bossRow] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, "boss@scim-rules.test"));
    expect([ann.managerId, ann.office]).toEqual([bossRow.id, "Berlin"]);
    const removed = await scim("PATCH", `/Users/${created.json().id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [
        { op: "remove", path: `${ENTERPRISE_SCHEMA}:manager` },
        { op: "replace", path: 'addresses[type eq "work"].locality', value: "Atlantis" },
      ],
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()[ENTERPRISE_SCHEMA]).toBeUndefined();
    // No manager any more; a locality not on the kept list leaves the office as it was.
    expect([(await rowOf(ann.id)).managerId, (await rowOf(ann.id)).office]).toEqual([
      null,
      "Berlin",
    ]);
  });

  it("SCIM keeps a manager sent before the manager is provisioned, and sets it when they are", async () => {
    await allowEmail(t.db, "*@scim-order.test");
    const person = (name: string, extra: Record<string, unknown> = {}) => ({
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User", ENTERPRISE_SCHEMA],
      userName: `${name}@scim-order.test`,
      emails: [{ primary: true, type: "work", value: `${name}@scim-order.test` }],
      ...extra,
    });
    // The report first, naming the manager by the provider's own id (externalId).
    const report = await scim(
      "POST",
      "/Users",
      person("rae", { [ENTERPRISE_SCHEMA]: { manager: { value: "E-1001" } } }),
    );
    expect(report.statusCode).toBe(201);
    expect(report.json()[ENTERPRISE_SCHEMA]).toEqual({ manager: { value: "E-1001" } });
    const reportId = report.json().id as string;
    const [waiting] = await t.db.select().from(users).where(eq(users.email, "rae@scim-order.test"));
    expect([waiting.managerId, waiting.managerRef]).toEqual([null, "E-1001"]);

    const boss = await scim(
      "POST",
      "/Users",
      person("max", { externalId: "E-1001", name: { givenName: "Max", familyName: "Mann" } }),
    );
    expect(boss.statusCode).toBe(201);
    const bossId = boss.json().id as string;
    const [bossRow] = await t.db.select().from(users).where(eq(users.email, "max@scim-order.test"));
    const resolved = await rowOf(waiting.id);
    expect([resolved.managerId, resolved.managerRef]).toEqual([bossRow.id, null]);
    const read = await t.app.inject({
      method: "GET",
      url: `/scim/v2/Users/${reportId}`,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(read.json()[ENTERPRISE_SCHEMA].manager).toEqual({
      value: bossId,
      $ref: `${TEST_APP_URL}/scim/v2/Users/${bossId}`,
      displayName: "Max Mann",
    });
    // A PUT naming the manager by their id keeps it; the answer echoes it.
    const put = await t.app.inject({
      method: "PUT",
      url: `/scim/v2/Users/${reportId}`,
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/scim+json" },
      payload: person("rae", { [ENTERPRISE_SCHEMA]: { manager: { value: bossId } } }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()[ENTERPRISE_SCHEMA].manager.value).toBe(bossId);
  });
});

describe("pause until a date", () => {
  it("pauses to a chosen date within a year, and tells the person once, the week before", async () => {
    const person = await createUser(t.db);
    const me = t.as(person);
    for (const until of ["2027-01-11", "2028-01-12", "2027-02-30"]) {
      const res = await me.put("/api/participation", { action: "pause_until", until });
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        "Choose an end date from tomorrow up to a year ahead.",
      ]);
    }
    const res = await me.put("/api/participation", { action: "pause_until", until: "2027-06-15" });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(person.id);
    expect([row.participationStatus, row.pauseEndDate]).toEqual(["paused", "2027-06-15"]);
    const sent = async () =>
      (
        await t.db
          .select()
          .from(outgoingMessages)
          .where(
            and(
              eq(outgoingMessages.kind, "pause-ending"),
              eq(outgoingMessages.recipient, person.email),
            ),
          )
      ).length;
    expect(await queuePauseReminders(t.ctx, new Date("2027-06-07T06:00:00Z"))).toBe(0);
    await queuePauseReminders(t.ctx, new Date("2027-06-08T06:00:00Z"));
    await queuePauseReminders(t.ctx, new Date("2027-06-09T06:00:00Z"));
    expect(await sent()).toBe(1);
  });
});
