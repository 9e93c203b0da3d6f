import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { allowedEmails, sessions, users } from "../db/schema";
import { allowEmail, createAdmin, createUser, signIn } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@kept.test");
});
afterAll(() => t.close());

const person = (firstName: string) =>
  createUser(t.db, { firstName, email: `${firstName.toLowerCase()}@kept.test` });

// Each change below is written straight to the database, as another app process would: the
// kept answer of this one must not outlive it.
describe("GET /api/auth/user answers from its kept answer only while the row is unchanged", () => {
  it("shows a change of the person's row on the very next read", async () => {
    const ada = await person("Ada");
    const as = t.as(ada);
    expect((await as.get("/api/auth/user")).json().firstName).toBe("Ada");
    expect((await as.get("/api/auth/user")).json().firstName).toBe("Ada");

    await t.db.execute(sql`update users set first_name = 'Augusta' where id = ${ada.id}`);
    expect((await as.get("/api/auth/user")).json().firstName).toBe("Augusta");

    // Two changes in one transaction, the second putting the first back: still the stored row.
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ bio: "first" }).where(eq(users.id, ada.id));
      await tx.update(users).set({ bio: "second" }).where(eq(users.id, ada.id));
    });
    expect((await as.get("/api/auth/user")).json().bio).toBe("second");
  });

  it("refuses a deactivated person, a signed-out session and a removed address at once", async () => {
    const [grace, edsger, barbara] = [
      await person("Grace"),
      await person("Edsger"),
      await createUser(t.db, { firstName: "Barbara", email: "barbara@alone.test" }),
    ];
    const entry = await allowEmail(t.db, "barbara@alone.test");
    const clients = [t.as(grace), t.as(edsger), t.as(barbara)];
    for (const as of clients) {
      expect((await as.get("/api/auth/user")).statusCode).toBe(200);
      expect((await as.get("/api/auth/user")).statusCode).toBe(200);
    }

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, grace.id));
    await t.db.delete(sessions).where(eq(sessions.userId, edsger.id));
    await t.db.delete(allowedEmails).where(eq(allowedEmails.id, entry.id));

    for (const as of clients) expect((await as.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("answers an admin's rights by the kind of each session, and their loss at once", async () => {
    const admin = await createAdmin(t.db, {
      email: "boss@kept.test",
      password: "a long admin password",
    });
    const now = clock.now();
    const employeeSession = t.as(await signIn(t.db, admin, { now, kind: "employee" }));
    expect((await employeeSession.get("/api/auth/user")).json()).toMatchObject({
      isAdmin: false,
      adminPasswordRequired: true,
    });
    const adminSession = t.as(await signIn(t.db, admin, { now }));
    expect((await adminSession.get("/api/auth/user")).json().isAdmin).toBe(true);
    expect((await adminSession.get("/api/auth/user")).json().isAdmin).toBe(true);

    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect((await adminSession.get("/api/auth/user")).json()).toMatchObject({
      isAdmin: false,
      adminPasswordRequired: false,
    });
  });
});

describe("GET /api/auth/session, which every page asks", () => {
  it("answers a visitor 200 { user: null } and a signed-in person as /api/auth/user does", async () => {
    const visitor = await t.get("/api/auth/session");
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    expect(visitor.headers["cache-control"]).toBe("no-store");

    const lin = await person("Lin");
    const as = t.as(lin);
    const user = (await as.get("/api/auth/user")).json();
    expect(user.firstName).toBe("Lin");
    for (let i = 0; i < 2; i++) {
      const res = await as.get("/api/auth/session");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user });
    }
    await t.db.delete(sessions).where(eq(sessions.userId, lin.id));
    expect((await as.get("/api/auth/session")).json()).toEqual({ user: null });
  });
});
