import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { sessions, users } from "../db/schema";
import { createUser } from "../test/factories";
import { setUpAppWithStatementLog } from "../test/statement-log-app";
import type { TestApp } from "../test/test-app";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
const { statements } = setUpAppWithStatementLog(clock, (app) => {
  t = app;
});

/** The statements that looked sessions up with their users (not the view-version reads). */
const sessionLookups = () =>
  statements.filter((query) => query.includes("= any(") && !query.includes("view_version"));

describe("the session check of every request", () => {
  it("answers people who ask at once each as themselves, from one statement", async () => {
    const clients = [];
    for (const firstName of ["Ada", "Grace", "Edsger", "Barbara"]) {
      const as = t.as(await createUser(t.db, { firstName }));
      expect((await as.get("/api/auth/user")).statusCode).toBe(200);
      clients.push(as);
    }
    statements.length = 0;

    const answers = await Promise.all(clients.map((as) => as.get("/api/auth/user")));

    expect(answers.map((answer) => answer.json().firstName)).toEqual([
      "Ada",
      "Grace",
      "Edsger",
      "Barbara",
    ]);
    expect(sessionLookups()).toHaveLength(1);
  });

  it("refuses a deactivated person's very next request", async () => {
    const person = await createUser(t.db);
    const as = t.as(person);
    expect((await as.get("/api/auth/user")).statusCode).toBe(200);

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));

    expect((await as.get("/api/auth/user")).statusCode).toBe(401);
  });

  it("refuses a signed-out session's very next request, while the person's other session stays", async () => {
    const person = await createUser(t.db);
    const laptop = t.as(person);
    const phone = t.as(person);
    expect((await laptop.get("/api/auth/user")).statusCode).toBe(200);

    expect((await laptop.post("/api/logout", {})).statusCode).toBe(200);

    const [afterSignOut, otherSession] = await Promise.all([
      laptop.get("/api/auth/user"),
      phone.get("/api/auth/user"),
    ]);
    expect(afterSignOut.statusCode).toBe(401);
    expect(otherSession.statusCode).toBe(200);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, person.id));
    expect(left).toHaveLength(1);
  });
});
