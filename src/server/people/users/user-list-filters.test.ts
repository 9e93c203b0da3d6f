import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersResponse } from "../../../shared/admin-users";
import { fixedClock } from "../../clock";
import { users } from "../../db/schema";
import { createAdmin, createPairing, createUser, signIn } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await signIn(t.db, await createAdmin(t.db, { email: "boss@hq.test", firstName: "Zed" }), {
    now: NOW,
  });
  const ann = await createUser(t.db, {
    email: "ann@list.test",
    firstName: "Ann",
    lastName: "Same",
    matchingPreference: "same-department",
  });
  const bea = await createUser(t.db, {
    email: "bea@list.test",
    firstName: "Bea",
    lastName: "Trio",
    preferredGroupSize: 3,
    participationStatus: "paused",
  });
  await createUser(t.db, {
    email: "cal@list.test",
    firstName: "Cal",
    lastName: "New",
    needsProfileSetup: true,
  });
  const dot = await createUser(t.db, {
    email: "dot@list.test",
    firstName: "Dot",
    lastName: "Cross",
    matchingPreference: "cross-department",
    preferredGroupSize: 3,
  });
  const reason = { kind: "numbers", ready: 3, left: 1, oddPairs: false } as const;
  // Ann sat out of the running pairing; Dot only of a completed one, which no longer counts.
  await createPairing(t.db, {
    status: "active",
    satOut: [
      { userId: ann.id, reason },
      { userId: bea.id, reason },
    ],
  });
  await createPairing(t.db, {
    month: "2027-02",
    status: "completed",
    satOut: [{ userId: dot.id, reason }],
  });
});
afterAll(() => t.close());

function get(url: string, cookie = admin) {
  return t.app.inject({ method: "GET", url, headers: { cookie } });
}
async function names(query: string): Promise<string[]> {
  const res = await get(`/api/admin/users?${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as AdminUsersResponse).users.map((u) => u.firstName ?? "");
}

describe("GET /api/admin/users filters", () => {
  it("filters by preference, group size, sat out of a running pairing and sign-up", async () => {
    expect(await names("preference=same-department")).toEqual(["Ann"]);
    expect(await names("preference=any")).toEqual(["Bea", "Cal", "Zed"]);
    expect(await names("groupSize=3")).toEqual(["Bea", "Dot"]);
    expect(await names("groupSize=all")).toEqual(["Ann", "Bea", "Cal", "Dot", "Zed"]);
    expect(await names("satOut=yes")).toEqual(["Ann", "Bea"]);
    expect(await names("signup=pending")).toEqual(["Cal"]);
    expect(await names("signup=done")).toEqual(["Ann", "Bea", "Dot", "Zed"]);
    expect(await names("satOut=yes&status=active")).toEqual(["Ann"]);
    expect(await names("groupSize=3&preference=cross-department")).toEqual(["Dot"]);
  });

  it("counts within the filters, and answers each row's preference and group size", async () => {
    const res = await get("/api/admin/users?groupSize=3");
    const body = res.json() as AdminUsersResponse;
    expect(body.total).toBe(2);
    expect(body.counts).toMatchObject({ total: 2, active: 1, paused: 1, opted_out: 0 });
    expect(body.users[1]).toMatchObject({
      email: "dot@list.test",
      matchingPreference: "cross-department",
      preferredGroupSize: 3,
    });
  });

  it("counts what the table lists: the status and account filters narrow the counts too", async () => {
    const counts = async (query: string) => {
      const res = await get(`/api/admin/users?${query}`);
      const body = res.json() as AdminUsersResponse;
      expect(body.total).toBe(body.users.length);
      expect(body.counts.total).toBe(body.users.length);
      return body.counts;
    };
    const none = { total: 0, active: 0, paused: 0, opted_out: 0, deactivated: 0 };
    expect(await counts("status=paused")).toEqual({ ...none, total: 1, paused: 1 });
    // Ann and Bea sat out; of them the table lists only Ann, the one whose status is Active.
    expect(await counts("satOut=yes&status=active")).toEqual({ ...none, total: 1, active: 1 });
    await createUser(t.db, { email: "gus@away.test", firstName: "Gus", isActive: false });
    expect(await counts("q=away.test")).toEqual({ ...none, total: 1, active: 1, deactivated: 1 });
    expect(await counts("q=away.test&account=active")).toEqual(none);
    expect(await counts("account=deactivated&status=active")).toEqual({
      ...none,
      total: 1,
      active: 1,
      deactivated: 1,
    });
  });

  it("refuses a value it does not know with a message", async () => {
    for (const [query, message] of [
      ["preference=nearby", /Preference must be/],
      ["groupSize=5", /Group size must be all, 2, 3 or 4/],
      ["groupSize=two", /Group size must be/],
      ["satOut=no", /Sat out must be all or yes/],
      ["signup=maybe", /Sign-up must be all, done or pending/],
    ] as const) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe("GET /api/admin/users/csv", () => {
  it("downloads everyone the filters match, in the list's order, across slices", async () => {
    // 1,001 more people with group size 4: more than one slice of the export.
    await t.db.insert(users).values(
      Array.from({ length: 1001 }, (_, i) => ({
        email: `many${String(i).padStart(4, "0")}@bulk.test`,
        firstName: "Many",
        lastName: String(i).padStart(4, "0"),
        preferredGroupSize: 4,
        needsProfileSetup: false,
      })),
    );
    const res = await get("/api/admin/users/csv?groupSize=4");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="users-2027-03-10.csv"');
    // One UTF-8 byte-order mark at the start of the file (Excel), none between its slices.
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.split("\uFEFF")).toHaveLength(2);
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true }).data;
    expect(rows).toHaveLength(1001);
    expect(rows.map((r) => r.last_name)).toEqual(
      Array.from({ length: 1001 }, (_, i) => String(i).padStart(4, "0")),
    );
    expect(new Set(rows.map((r) => r.preferred_group_size))).toEqual(new Set(["4"]));
  });

  it("writes each person's fields, and makes a cell that starts a formula safe", async () => {
    const [bea] = await t.db.select().from(users).where(eq(users.email, "bea@list.test"));
    await createUser(t.db, {
      email: "eve@list.test",
      firstName: "=HYPERLINK(1)",
      lastName: "Eve",
      department: "+sales",
      managerId: bea.id,
      office: "Berlin",
      meetWay: "in-person",
    });
    const res = await get("/api/admin/users/csv?q=list.test&preference=any&signup=done");
    const rows = Papa.parse<Record<string, string>>(res.body, { header: true }).data;
    expect(rows.map((r) => r.email)).toEqual(["eve@list.test", "bea@list.test"]);
    expect(rows[0]).toMatchObject({
      first_name: "'=HYPERLINK(1)",
      department: "'+sales",
      manager: "bea@list.test",
      office: "Berlin",
      // People's words, which the HR import reads back (meet-way-words.ts).
      meet: "In person",
    });
    expect(rows[1]).toMatchObject({
      first_name: "Bea",
      participation_status: "paused",
      account: "active",
      signed_up: "yes",
      matching_preference: "any",
      preferred_group_size: "3",
      manager: "",
      office: "",
      meet: "",
    });
    const none = await get("/api/admin/users/csv?q=nobody-at-all");
    expect(none.body.trim()).toBe(
      "first_name,last_name,email,department,domain_group,participation_status,account,signed_up,matching_preference,preferred_group_size,manager,office,time_zone,meet,current_match,current_match_month",
    );
  });

  it("refuses a bad filter, and anyone but an admin", async () => {
    expect((await get("/api/admin/users/csv?groupSize=9")).statusCode).toBe(400);
    const employee = await signIn(t.db, await createUser(t.db), { now: NOW });
    expect((await get("/api/admin/users/csv", employee)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/users/csv" })).statusCode).toBe(
      401,
    );
  });
});
