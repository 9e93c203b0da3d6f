import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairingRows, pairingsCsv } from "../../../client/features/admin/pairings/pairing-rows";
import { fixedClock } from "../../clock";
import { completedPairings, pairings, users } from "../../db/schema";
import {
  createAdmin,
  createDepartment,
  createGroup,
  createGroupPairing,
  createMatch,
  createPairing,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

const NOW = new Date("2027-03-10T09:00:00Z");

let t: TestApp;
let admin: Requests;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

async function groupPairing() {
  const group = await createGroup(t.db, { name: "acme", displayName: "Acme Corp" });
  const pairing = await createGroupPairing(t.db, group, {
    name: "March 2027 — Acme Corp",
  });
  const [a, b, c, d, e] = await Promise.all(
    ["Ada", "Ben", "Cy", "Di", "Ed"].map((firstName) =>
      createUser(t.db, { firstName, lastName: "Test" }),
    ),
  );
  await createMatch(t.db, { members: [a, b], pairing });
  await createMatch(t.db, {
    members: [c, d, e],
    answers: [null, null, "met"],
    pairing,
  });
  return { group, pairing, people: [a, b, c, d, e] };
}

describe("completing pairings and their completed records", () => {
  it("lists active pairings with each match's people, their departments and status", async () => {
    const { pairing, people } = await groupPairing();
    await createDepartment(t.db, { name: "acme-labs", displayName: "Acme Labs" });
    await t.db.update(users).set({ department: "acme-labs" }).where(eq(users.id, people[1].id));
    const res = await admin.get("/api/admin/current-pairings");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pairings).toEqual([
      expect.objectContaining({
        id: pairing.id,
        name: "March 2027 — Acme Corp",
        domainGroupName: "Acme Corp",
        status: "active",
      }),
    ]);
    const list = body.matchesByPairing[String(pairing.id)];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      user1: { firstName: "Ada", lastName: "Test", email: people[0].email },
      user2: { firstName: "Ben", email: people[1].email, department: "Acme Labs" },
      status: "active",
    });
    expect(list[0].user3).toBeUndefined();
    expect(list[1].user3).toMatchObject({
      id: people[4].id,
      firstName: "Ed",
      lastName: "Test",
      email: people[4].email,
      department: "engineering",
    });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|password_hash/);
  });

  it("completes a pairing into a named record that admins can list, download and delete", async () => {
    const [pairing] = await t.db.select().from(pairings).where(eq(pairings.status, "active"));
    const done = await admin.post(`/api/admin/complete-pairing/${pairing.id}`);
    expect(done.statusCode).toBe(200);
    const fileName = "pairing-2027-03-group1-acme-corp-1.json";
    expect(done.json().completed).toEqual([{ pairingId: pairing.id, fileName, matchCount: 2 }]);
    expect((await admin.post(`/api/admin/complete-pairing/${pairing.id}`)).statusCode).toBe(409);
    expect((await admin.get("/api/admin/current-pairings")).json().pairings).toEqual([]);

    const files = (await admin.get("/api/admin/completed-pairing-files")).json();
    expect(files).toEqual([
      {
        fileName,
        displayName: "March 2027 – Acme Corp",
        monthDisplay: "March 2027",
        groupDisplay: "Acme Corp",
        matchCount: 2,
        createdAt: NOW.toISOString(),
      },
    ]);
    expect((await admin.get("/api/admin/pairing-groups")).json()).toEqual({
      "Acme Corp": [{ fileName, groupName: "March 2027 – Acme Corp", totalPairs: 2 }],
    });

    const download = await admin.get(`/completed_pairings/${fileName}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${fileName}"`);
    const content = download.json();
    expect(content).toMatchObject({
      name: "March 2027 — Acme Corp",
      month: "2027-03",
      domainGroup: "Acme Corp",
      chats_happened: 2,
    });
    // Its matches close with it, as the sample history's: Ada and Ben's, never answered, counts
    // as a chat (docs/admin-console.md, "The figures").
    expect(content.matches[0]).toMatchObject({
      user1_name: "Ada Test",
      user2_name: "Ben Test",
      status: "completed",
      chat_happened: true,
    });
    // Ed answered "Met My Match": the trio's chat happened though nobody marked it completed.
    expect(content.matches[1]).toMatchObject({ user3_name: "Ed Test", chat_happened: true });

    const employee = t.as(await createUser(t.db));
    expect((await employee.get(`/completed_pairings/${fileName}`)).statusCode).toBe(403);
    expect((await t.get(`/completed_pairings/${fileName}`)).statusCode).toBe(401);

    expect((await admin.delete(`/api/admin/completed-pairings/${fileName}`)).statusCode).toBe(200);
    expect((await admin.get(`/completed_pairings/${fileName}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/completed-pairings/${fileName}`)).statusCode).toBe(404);
  });

  it("answers 404 for names that are not stored records, never reading the file system", async () => {
    for (const name of [
      "..%2F..%2Fetc%2Fpasswd",
      "package.json",
      "pairing-2027-03-group1-x-1.json",
      "%2e%2e",
    ]) {
      const res = await admin.get(`/completed_pairings/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
    }
  });

  it("numbers records of the same month and group so names never collide", async () => {
    const first = await createPairing(t.db, {
      month: "2027-02",
      scopeKey: "all",
      name: "February 2027 — All Users",
    });
    const second = await createPairing(t.db, {
      month: "2027-02",
      scopeKey: "all-2",
      name: "February 2027 — All Users",
    });
    await createMatch(t.db, {
      members: [await createUser(t.db), await createUser(t.db)],
      pairing: first,
    });
    const done = await admin.post("/api/admin/complete-current-pairing");
    expect(done.statusCode).toBe(200);
    expect(
      done
        .json()
        .completed.map((c: { fileName: string }) => c.fileName)
        .sort(),
    ).toEqual([
      "pairing-2027-02-group1-all-users-1.json",
      "pairing-2027-02-group1-all-users-2.json",
    ]);
    expect(second.id).toBeGreaterThan(first.id);
    expect((await admin.post("/api/admin/complete-current-pairing")).statusCode).toBe(404);
    const rows = await t.db.select().from(completedPairings);
    expect(rows.map((r) => r.matchCount).sort()).toEqual([0, 1]);
  });

  it("lists, completes and exports a match of four with everyone in it", async () => {
    const pairing = await createPairing(t.db, { month: "2027-05", scopeKey: "four" });
    const people = [];
    for (const name of ["Uma", "Vic", "Wes", "Xia"])
      people.push(await createUser(t.db, { firstName: name, lastName: "Four" }));
    await createMatch(t.db, {
      members: people,
      pairing,
      answers: [null, null, null, "met"],
    });
    const current = (await admin.get("/api/admin/current-pairings")).json();
    const [listed] = current.matchesByPairing[String(pairing.id)];
    expect(listed.members.map((m: { email: string }) => m.email)).toEqual(
      people.map((p) => p.email),
    );
    const csv = pairingsCsv(pairingRows(current));
    expect(csv.split("\r\n")[0]).toContain("person4_email");
    const lastLine = csv.trim().split("\r\n").at(-1) ?? "";
    expect(lastLine).toContain(people[3].email);
    expect(lastLine.startsWith("May 2027,All Users,Active,Yes,Uma Four")).toBe(true);
    const done = await admin.post(`/api/admin/complete-pairing/${pairing.id}`);
    const [{ fileName }] = done.json().completed;
    const content = (await admin.get(`/completed_pairings/${fileName}`)).json();
    expect(content.matches[0]).toMatchObject({
      user3_name: "Wes Four",
      user4_name: "Xia Four",
      user4_email: people[3].email,
      chat_happened: true,
    });
    expect(content.matches[0].members).toHaveLength(4);
  });

  it("deletes an active pairing with its matches, refuses a completed one", async () => {
    const active = await createPairing(t.db, { month: "2027-03", scopeKey: "all" });
    await createMatch(t.db, {
      members: [await createUser(t.db), await createUser(t.db)],
      pairing: active,
    });
    expect((await admin.delete(`/api/admin/pairings/${active.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(pairings).where(eq(pairings.id, active.id))).toEqual([]);
    const [completed] = await t.db.select().from(pairings).where(eq(pairings.status, "completed"));
    expect((await admin.delete(`/api/admin/pairings/${completed.id}`)).statusCode).toBe(409);
    expect((await admin.delete("/api/admin/pairings/999999")).statusCode).toBe(404);
    expect((await admin.delete("/api/admin/pairings/abc")).statusCode).toBe(400);
  });
});
