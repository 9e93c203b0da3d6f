import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { users } from "../db/schema";
import { resolveManagerRefs } from "../people-rows/manager-refs";
import {
  allowEmail,
  createDepartment,
  createGroup,
  createUser,
  signIn,
  signInAdmin,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const NOW = new Date("2027-03-10T09:00:00Z");
const NOT_SIGNED_UP =
  "Not signed up yet: add this address under Email Whitelist (Import) to keep the details";

let t: TestApp;
let cookie: string;
let ann: { id: string; email: string };
let bob: { id: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  const group = await createGroup(t.db, { name: "roster", displayName: "Roster Co" });
  await allowEmail(t.db, "*@roster.test", group.id);
  await createDepartment(t.db, { name: "sales", displayName: "Sales", domainGroupId: group.id });
  await createDepartment(t.db, {
    name: "engineering",
    displayName: "Engineering",
    domainGroupId: group.id,
  });
  ann = await createUser(t.db, { email: "ann@roster.test", department: "engineering" });
  bob = await createUser(t.db, { email: "bob@roster.test", department: "engineering" });
  cookie = await signInAdmin(t.db, { email: "boss@roster.test" }, { now: NOW });
});
afterAll(() => t.close());

const sync = (csv: string, headers: Record<string, string> = { cookie }) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/sync-employee-data",
    headers,
    payload: { csv },
  });
const header = "email,employeeStatus,leaveStartDate,leaveEndDate,leaveReason,department";

describe("roster sync (POST /api/admin/sync-employee-data)", () => {
  it("applies every valid row and reports what changed", async () => {
    const res = await sync(
      `${header}\nANN@roster.test,on_leave,2027-03-01,2027-06-30,Parental leave,Sales\nbob@roster.test,active,,,,\n`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applied).toBe(true);
    expect(body.rejected).toEqual([]);
    expect(body.changed).toEqual([
      {
        email: "ann@roster.test",
        fields: {
          employeeStatus: "on_leave",
          leaveStartDate: "2027-03-01",
          leaveEndDate: "2027-06-30",
          leaveReason: "Parental leave",
          department: "sales",
        },
      },
    ]);
    expect(body.unchanged).toBe(1);
    const [row] = await t.db.select().from(users).where(eq(users.id, ann.id));
    expect(row).toMatchObject({
      employeeStatus: "on_leave",
      leaveEndDate: "2027-06-30",
      department: "sales",
    });
  });

  it("takes the status in words, as an HR export writes it", async () => {
    const res = await sync(`${header}\nbob@roster.test,On Leave,,,,\n`);
    expect(res.json().rejected).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect(row.employeeStatus).toBe("on_leave");
  });

  it("applies the valid rows and lists each refused row with its line and reason", async () => {
    const res = await sync(
      [
        header,
        "bob@roster.test,inactive,,,,",
        "nobody@roster.test,active,,,,",
        "ann@roster.test,vacation,,,,",
        "ann@roster.test,active,,,,",
        "bob2@roster.test,active,2027-02-30,,,",
        "bob@roster.test,active,,,,",
      ].join("\n"),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.applied).toBe(true);
    expect(body.message).toBe(
      "Employee data synced: 1 updated, 0 unchanged, 5 rows refused (listed below; fix them and upload those rows again).",
    );
    expect(body.rejected).toEqual([
      { row: 3, email: "nobody@roster.test", reason: NOT_SIGNED_UP },
      {
        row: 4,
        email: "ann@roster.test",
        reason: 'employeeStatus must be active, on leave or inactive (got "vacation")',
      },
      { row: 5, email: "ann@roster.test", reason: "Duplicate of row 4" },
      { row: 6, email: "bob2@roster.test", reason: NOT_SIGNED_UP },
      { row: 7, email: "bob@roster.test", reason: "Duplicate of row 2" },
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect(row.employeeStatus).toBe("inactive");
  });

  it("rejects bad dates, a leave ending before it starts and a department outside the user's group", async () => {
    const res = await sync(
      `${header}\nbob@roster.test,on_leave,2027-02-30,,,\nann@roster.test,on_leave,2027-05-01,2027-04-01,,\nbob@roster.test,active,,,,Marketing`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().rejected).toEqual([
      { row: 2, email: "bob@roster.test", reason: "leaveStartDate must be a date like 2027-03-31" },
      { row: 3, email: "ann@roster.test", reason: "leaveEndDate is before leaveStartDate" },
      { row: 4, email: "bob@roster.test", reason: "Duplicate of row 2" },
    ]);
    const dept = await sync(`email,employeeStatus,department\nbob@roster.test,active,Marketing`);
    expect(dept.json().rejected).toEqual([
      {
        row: 2,
        email: "bob@roster.test",
        reason: `Department "Marketing" is not one of their group's departments (the Departments tab lists them)`,
      },
    ]);
    // Every row refused: nothing was synced, and the answer says so.
    expect(dept.json()).toMatchObject({
      applied: false,
      message:
        "Nothing was synced: the one row was refused (listed below; fix it and upload again).",
    });
  });

  it("refuses unknown columns, a missing header and oversized files with a clear message", async () => {
    const unknown = await sync("email,status\nbob@roster.test,active");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'Unknown column "status". Expected columns: email, employeeStatus, leaveStartDate, leaveEndDate, leaveReason, department, manager, office, meet, timeZone.',
    );
    const tooMany = await sync(`email,employeeStatus\n${"bob@roster.test,active\n".repeat(5001)}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 5000 are accepted/);
    const tooBig = await sync(`email,employeeStatus\n${"x".repeat(1_000_001)}`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(
      "The roster CSV is larger than 1 MB. Split it into smaller files.",
    );
  });

  it("sets a manager by address and an office from the group's list", async () => {
    const [before] = await t.db.select().from(users).where(eq(users.id, ann.id));
    expect(before.managerId).toBeNull();
    const res = await sync(
      "email,employeeStatus,Reports To,Location\nann@roster.test,active,BOB@roster.test,Lisbon\nbob@roster.test,active,Not an address,\n",
    );
    expect(res.json().rejected).toEqual([
      {
        row: 3,
        email: "bob@roster.test",
        reason: 'Manager "Not an address" is not an e-mail address',
      },
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, ann.id));
    // No office list kept for the group: the office is taken as written.
    expect([row.managerId, row.office]).toEqual([bob.id, "Lisbon"]);
  });

  it("gives a time zone (current or old name) to whoever has not confirmed their own, and refuses an unknown one", async () => {
    const cyd = await createUser(t.db, { email: "cyd@roster.test" });
    const dee = await createUser(t.db, { email: "dee@roster.test" });
    await t.db
      .update(users)
      .set({ timeZone: "Europe/Lisbon", timeZoneConfirmed: true })
      .where(eq(users.id, dee.id));
    const res = await sync(
      "email,employeeStatus,Time Zone\nann@roster.test,active,Asia/Calcutta\ndee@roster.test,active,Asia/Tokyo\ncyd@roster.test,active,Mars/Olympus\n",
    );
    expect(res.json()).toMatchObject({
      changed: [{ email: "ann@roster.test", fields: { timeZone: "Asia/Kolkata" } }],
      unchanged: 1,
      rejected: [
        {
          row: 4,
          email: "cyd@roster.test",
          reason:
            'Time zone "Mars/Olympus" is not a time zone name such as Europe/Berlin or Asia/Tokyo',
        },
      ],
    });
    const zones = await t.db
      .select({ id: users.id, timeZone: users.timeZone })
      .from(users)
      .where(inArray(users.id, [ann.id, dee.id, cyd.id]));
    expect(new Map(zones.map((z) => [z.id, z.timeZone]))).toEqual(
      new Map([
        [ann.id, "Asia/Kolkata"],
        [dee.id, "Europe/Lisbon"],
        [cyd.id, null],
      ]),
    );
  });

  it("gives a way to meet, in words or as a key, to whoever has not chosen their own", async () => {
    const eve = await createUser(t.db, { email: "eve@roster.test" });
    const fay = await createUser(t.db, { email: "fay@roster.test", meetWay: "online" });
    const gus = await createUser(t.db, { email: "gus@roster.test" });
    const hal = await createUser(t.db, { email: "hal@roster.test" });
    const res = await sync(
      "email,employeeStatus,office,meet\neve@roster.test,active,Oslo,In person\nfay@roster.test,active,,Either\ngus@roster.test,active,,By pigeon\nhal@roster.test,active,,in-person\n",
    );
    expect(res.json()).toMatchObject({
      changed: [{ email: "eve@roster.test", fields: { office: "Oslo", meet: "in-person" } }],
      unchanged: 1,
      rejected: [
        { row: 4, reason: 'Meet "By pigeon" is not one of In person, Online or Either' },
        { row: 5, reason: "Meeting in person needs an office" },
      ],
    });
    const ways = await t.db
      .select({ id: users.id, meetWay: users.meetWay })
      .from(users)
      .where(inArray(users.id, [eve.id, fay.id, gus.id, hal.id]));
    expect(new Map(ways.map((w) => [w.id, w.meetWay]))).toEqual(
      new Map([
        [eve.id, "in-person"],
        [fay.id, "online"],
        [gus.id, null],
        [hal.id, null],
      ]),
    );
  });

  it("keeps a manager without an account waiting, and makes them the manager when they sign up", async () => {
    const res = await sync(
      "email,employeeStatus,manager\nbob@roster.test,active,Nora@Roster.test\n",
    );
    expect(res.json()).toMatchObject({ rejected: [], unchanged: 0 });
    const [waiting] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect([waiting.managerId, waiting.managerRef]).toEqual([null, "nora@roster.test"]);
    // The same file again changes nothing.
    expect(
      (await sync("email,employeeStatus,manager\nbob@roster.test,active,nora@roster.test\n")).json()
        .unchanged,
    ).toBe(1);
    const nora = await createUser(t.db, { email: "nora@roster.test" });
    await resolveManagerRefs(t.db, nora.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, bob.id));
    expect([row.managerId, row.managerRef]).toEqual([nora.id, null]);
  });

  it("is for admins only", async () => {
    const employee = await signIn(t.db, bob, { now: NOW });
    expect((await sync(`${header}\n`, { cookie: employee })).statusCode).toBe(403);
    expect((await sync(`${header}\n`, {})).statusCode).toBe(401);
  });
});
