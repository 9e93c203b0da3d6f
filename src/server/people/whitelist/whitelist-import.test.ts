import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsFromCsv, rowsFromPastedText } from "../../../shared/whitelist-import";
import { signInAccount } from "../../auth/sign-in-account";
import { allowedEmails, users } from "../../db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createUser,
} from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

let t: TestApp;
let admin: Requests;
let groupId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db, { email: "hr@import.test" }));
  const group = await createGroup(t.db, { name: "north", displayName: "North Office" });
  groupId = group.id;
  await allowEmail(t.db, "*@north.test", group.id);
  await createDepartment(t.db, { name: "finance", displayName: "Finance", domainGroupId: groupId });
  await createDepartment(t.db, { name: "People", displayName: "People", domainGroupId: null });
  await allowEmail(t.db, "kept@import.test", null);
});
afterAll(() => t.close());

const HR_EXPORT = [
  "Email,First Name,Last Name,Department,Domain Group,Employee ID",
  "ada@import.test,Ada,Lovelace,people,,E1",
  "not-an-address,Bob,Builder,,,E2",
  "kept@import.test,Kept,Already,,,E3",
  "ADA@import.test,Ada,Again,,,E4",
  "",
  "cy@north.test,Cy,Young,Finance,,E5",
  "dee@import.test,Dee,Ray,Marketing,,E6",
  "eve@import.test,Eve,Moss,,Atlantis,E7",
  "*@south.test,Not,Allowed,,,E8",
  "fay@import.test,,,,North Office,E9",
].join("\n");

function rowsOf(csv: string) {
  const read = rowsFromCsv(csv);
  if ("problem" in read) throw new Error(read.problem);
  return read.rows;
}

describe("POST /api/admin/whitelist/import", () => {
  it("reads an HR export by its header, numbering rows by file line", () => {
    expect(rowsOf(HR_EXPORT).slice(0, 2)).toEqual([
      {
        row: 2,
        email: "ada@import.test",
        firstName: "Ada",
        lastName: "Lovelace",
        department: "people",
      },
      { row: 3, email: "not-an-address", firstName: "Bob", lastName: "Builder" },
    ]);
    expect(rowsFromCsv("name,phone\nAda,1")).toEqual({
      problem:
        "The file needs a header row with an email column (and optionally first name, last name, department, domain group, manager, office, meet, time zone).",
    });
    expect(
      rowsFromPastedText("a@x.test, b@x.test;\n<c@x.test>  d@x.test").map((r) => r.email),
    ).toEqual(["a@x.test", "b@x.test", "c@x.test", "d@x.test"]);
  });

  it("previews each row without writing anything", async () => {
    const res = await admin.post("/api/admin/whitelist/import", {
      rows: rowsOf(HR_EXPORT),
      dryRun: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: true, added: 4, unchanged: 1 });
    expect(body.rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [2, "add"],
      [3, "error"],
      [4, "unchanged"],
      [5, "error"],
      [7, "add"],
      [8, "add"],
      [9, "error"],
      [10, "error"],
      [11, "add"],
    ]);
    expect(body.rows[0].detail).toBe("Will be added: Ada Lovelace, people");
    expect(body.rows[4].detail).toBe("Will be added: Cy Young, Finance, group North Office");
    expect(body.rows[5].detail).toBe(
      `Will be added: Dee Ray (without a department: "Marketing" is not one of the company's departments; add it under Departments to use it)`,
    );
    const ada = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "ada@import.test"));
    expect(ada).toEqual([]);
  });

  it("applies the valid rows and lists each bad row with its row number and one reason", async () => {
    const res = await admin.post("/api/admin/whitelist/import", { rows: rowsOf(HR_EXPORT) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ dryRun: false, added: 4, unchanged: 1 });
    expect(body.errors).toEqual([
      { row: 3, email: "not-an-address", message: "Not a valid e-mail address" },
      { row: 5, email: "ADA@import.test", message: "Same address as row 2" },
      { row: 9, email: "eve@import.test", message: 'There is no domain group called "Atlantis"' },
      {
        row: 10,
        email: "*@south.test",
        message:
          "A *@domain entry is for everyone at the domain: leave its name, department, manager, office, meet and time zone empty",
      },
    ]);
    expect(body.toInvite).toEqual([
      "ada@import.test",
      "cy@north.test",
      "dee@import.test",
      "fay@import.test",
    ]);
    // A department the list lacks: added without one, as the preview said.
    expect(
      (
        await t.db.select().from(allowedEmails).where(eq(allowedEmails.email, "dee@import.test"))
      )[0],
    ).toMatchObject({ firstName: "Dee", department: null });
    const rows = await t.db.select().from(allowedEmails);
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get("ada@import.test")).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      department: "People",
      domainGroupId: null,
    });
    // No group given: the address keeps the group its domain's entry gives.
    expect(byEmail.get("cy@north.test")).toMatchObject({
      domainGroupId: groupId,
      department: "finance",
    });
    expect(byEmail.get("fay@import.test")).toMatchObject({
      domainGroupId: groupId,
      firstName: null,
    });

    const again = await admin.post("/api/admin/whitelist/import", {
      rows: rowsFromPastedText("ada@import.test\ncy@north.test"),
    });
    expect(again.json()).toMatchObject({ added: 0, unchanged: 2, errors: [], toInvite: [] });
  });

  it("pre-fills the profile of a person the import kept details for, at the first sign-in", async () => {
    const user = await signInAccount(t.db, "ada@import.test", "code", new Date());
    expect(user).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      department: "People",
      needsProfileSetup: true,
    });
    const provider = await signInAccount(t.db, "cy@north.test", "oidc", new Date(), {
      firstName: "Cyrus",
      lastName: null,
    });
    expect(provider).toMatchObject({
      firstName: "Cyrus",
      lastName: "Young",
      department: "finance",
    });
    // Once the profile holds them, the whitelist entry keeps no copy.
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "ada@import.test"));
    expect(entry).toMatchObject({ firstName: null, lastName: null, department: null });
  });

  it("keeps each row's manager and office until the first sign-in; a manager who signs in later is set then", async () => {
    await admin.put("/api/admin/offices", { domainGroupId: groupId, offices: ["Oslo"] });
    const csv = [
      "Email,First Name,Reports To,Location",
      "rae@north.test,Rae,max@north.test,oslo",
      "max@north.test,Max,,",
      "sol@north.test,Sol,not an address,",
      "tia@north.test,Tia,,Atlantis",
      "uma@north.test,Uma,uma@north.test,",
    ].join("\n");
    const read = rowsFromCsv(csv);
    if ("problem" in read) throw new Error(read.problem);
    // Said as used, by the same names the roster sync reads.
    expect(read.columns).toEqual({
      used: ["Email", "First Name", "Reports To", "Location"],
      ignored: [],
    });
    const res = await admin.post("/api/admin/whitelist/import", { rows: read.rows });
    const body = res.json();
    expect(body.rows[0].detail).toBe(
      "Will be added: Rae, group North Office, manager max@north.test, office Oslo",
    );
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Manager "not an address" is not an e-mail address',
      'Office "Atlantis" is not on North Office\'s office list',
      "A person cannot be their own manager",
    ]);
    // The report signs in first: the office is theirs, the manager waits for an account.
    const rae = await signInAccount(t.db, "rae@north.test", "code", new Date());
    expect([rae.office, rae.managerId, rae.managerRef]).toEqual(["Oslo", null, "max@north.test"]);
    const max = await signInAccount(t.db, "max@north.test", "code", new Date());
    const [after] = await t.db.select().from(users).where(eq(users.id, rae.id));
    expect([after.managerId, after.managerRef]).toEqual([max.id, null]);
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "rae@north.test"));
    expect(entry).toMatchObject({ managerEmail: null, office: null });
  });

  it("reads the way to meet as the users export writes it, or as its key, and keeps it until the first sign-in", async () => {
    await admin.put("/api/admin/offices", { domainGroupId: groupId, offices: ["Oslo"] });
    const csv = [
      "email,first_name,office,meet",
      "ivy@north.test,Ivy,Oslo,In person",
      "jon@north.test,Jon,,online",
      "kai@north.test,Kai,,EITHER",
      "lea@north.test,Lea,,In person",
      "mo@north.test,Mo,,by pigeon",
    ].join("\n");
    const read = rowsFromCsv(csv);
    if ("problem" in read) throw new Error(read.problem);
    expect(read.columns.used).toEqual(["email", "first_name", "office", "meet"]);
    const body = (await admin.post("/api/admin/whitelist/import", { rows: read.rows })).json();
    expect(body.rows[0].detail).toBe(
      "Will be added: Ivy, group North Office, office Oslo, meets in person",
    );
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      "Meeting in person needs an office on the same row",
      'Meet "by pigeon" is not one of In person, Online or Either',
    ]);
    const ivy = await signInAccount(t.db, "ivy@north.test", "code", new Date());
    const jon = await signInAccount(t.db, "jon@north.test", "code", new Date());
    const kai = await signInAccount(t.db, "kai@north.test", "code", new Date());
    expect([ivy.meetWay, ivy.office, jon.meetWay, kai.meetWay]).toEqual([
      "in-person",
      "Oslo",
      "online",
      "either",
    ]);
    const [entry] = await t.db
      .select()
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "ivy@north.test"));
    expect(entry).toMatchObject({ office: null, meetWay: null });
  });

  it("reads a time zone by its current or old name, refuses an unknown one, and gives it to the first sign-in to confirm", async () => {
    const csv = [
      "email,first_name,Time Zone",
      "tomo@north.test,Tomo,Asia/Tokyo",
      "ravi@north.test,Ravi,Asia/Calcutta",
      "nia@north.test,Nia,america/new_york",
      "zed@north.test,Zed,Mars/Olympus",
      "off@north.test,Off,+05:30",
    ].join("\n");
    const read = rowsFromCsv(csv);
    if ("problem" in read) throw new Error(read.problem);
    expect(read.columns.used).toEqual(["email", "first_name", "Time Zone"]);
    expect(rowsFromCsv("Email,TZ\nx@north.test,UTC")).toMatchObject({
      rows: [{ email: "x@north.test", timeZone: "UTC" }],
    });
    const body = (await admin.post("/api/admin/whitelist/import", { rows: read.rows })).json();
    expect(body.rows[1].detail).toBe(
      "Will be added: Ravi, group North Office, time zone India Standard Time (Asia/Kolkata)",
    );
    expect(body.errors).toEqual([
      {
        row: 5,
        email: "zed@north.test",
        message:
          'Time zone "Mars/Olympus" is not a time zone name such as Europe/Berlin or Asia/Tokyo',
      },
      {
        row: 6,
        email: "off@north.test",
        message: 'Time zone "+05:30" is not a time zone name such as Europe/Berlin or Asia/Tokyo',
      },
    ]);
    const [kept] = await t.db
      .select({ timeZone: allowedEmails.timeZone })
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "ravi@north.test"));
    expect(kept.timeZone).toBe("Asia/Kolkata");
    const tomo = await signInAccount(t.db, "tomo@north.test", "code", new Date());
    const ravi = await signInAccount(t.db, "ravi@north.test", "code", new Date());
    const nia = await signInAccount(t.db, "nia@north.test", "code", new Date());
    expect([tomo, ravi, nia].map((u) => [u.timeZone, u.timeZoneConfirmed])).toEqual([
      ["Asia/Tokyo", false],
      ["Asia/Kolkata", false],
      ["America/New_York", false],
    ]);
    // Unconfirmed, so the profile's "Is your time zone …?" proposes the imported zone.
    expect((await t.as(tomo).get("/api/profile/working-hours")).json()).toMatchObject({
      timeZone: "Asia/Tokyo",
      ownTimeZone: true,
      timeZoneConfirmed: false,
    });
    const [entry] = await t.db
      .select({ timeZone: allowedEmails.timeZone })
      .from(allowedEmails)
      .where(eq(allowedEmails.email, "tomo@north.test"));
    expect(entry.timeZone).toBeNull();
  });

  it("is for admins only and refuses a request it cannot read as a whole", async () => {
    const person = t.as(await createUser(t.db, { email: "someone@north.test" }));
    const refused = await person.post("/api/admin/whitelist/import", {
      rows: [{ email: "x@y.test" }],
    });
    expect([401, 403]).toContain(refused.statusCode);
    const empty = await admin.post("/api/admin/whitelist/import", { rows: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("There are no rows to import");
  });
});
