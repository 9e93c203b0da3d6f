import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdmin,
  createNewsletter,
  createRoundSettings,
  createWhitelistedGroup,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.as(await createAdmin(t.db));
});
afterAll(() => t.close());

describe("the first admin's getting-started checklist", () => {
  it("starts with nothing done and follows each step as it is set up", async () => {
    const first = await admin.get("/api/admin/getting-started");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      steps: {
        company: false,
        domains: false,
        departments: false,
        schedule: false,
        newsletter: false,
        invite: false,
      },
      whitelistEntries: 0,
      signInUrl: "http://127.0.0.1:5000/auth",
      done: false,
    });

    const saved = await admin.put("/api/admin/company", {
      name: "Acme",
      showPublicFigures: false,
    });
    expect(saved.json()).toEqual({ name: "Acme", showPublicFigures: false, contactEmail: "" });
    // The first step is the company's name, as saved: the time zone belongs to the schedule's.
    expect((await admin.get("/api/admin/getting-started")).json().steps).toMatchObject({
      company: true,
      schedule: false,
    });
    // The public pages read the name and the contact address, and nothing else.
    const contact = { name: "Acme", showPublicFigures: false, contactEmail: "hr@acme.test" };
    expect((await admin.put("/api/admin/company", contact)).statusCode).toBe(200);
    expect((await t.get("/api/public/company")).json()).toEqual({
      name: "Acme",
      contactEmail: "hr@acme.test",
    });
    const bad = await admin.put("/api/admin/company", { ...contact, contactEmail: "hr at acme" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("valid e-mail address for contact");
    await createWhitelistedGroup(t.db, { displayName: "Acme", domain: "acme.test" });
    // Looking at the rounds writes their default settings: not a schedule chosen.
    expect((await admin.get("/api/admin/rounds")).statusCode).toBe(200);
    await createRoundSettings(t.db, { scopeKey: "all" });
    expect((await admin.get("/api/admin/getting-started")).json().steps.schedule).toBe(false);
    const schedule = { reviewDays: 3, checkInDays: 7, auto: false, schedule: null };
    expect((await admin.put("/api/admin/rounds/settings/all", schedule)).statusCode).toBe(200);
    // A schedule saved in the default zone is not done until the zone is saved too.
    expect((await admin.get("/api/admin/getting-started")).json().steps.schedule).toBe(false);
    expect(
      (await admin.put("/api/admin/rounds/time-zone", { timeZone: "Europe/Paris" })).statusCode,
    ).toBe(200);
    await createNewsletter(t.db, {});
    const middle = (await admin.get("/api/admin/getting-started")).json();
    expect(middle.steps).toEqual({
      company: true,
      domains: true,
      departments: true,
      schedule: true,
      newsletter: true,
      invite: false,
    });
    expect(middle.done).toBe(false);

    const invited = await admin.post("/api/admin/getting-started/invited");
    expect(invited.json()).toMatchObject({ steps: { invite: true }, done: true });
  });

  it("stays after the invitation while a step is left, until the admin dismisses it", async () => {
    const own = await createTestApp();
    try {
      const boss = own.as(await createAdmin(own.db));
      const invited = (await boss.post("/api/admin/getting-started/invited")).json();
      expect(invited).toMatchObject({ steps: { invite: true, newsletter: false }, done: false });
      expect(invited.dismissed).toBe(false);
      expect((await boss.get("/api/admin/getting-started")).json().done).toBe(false);
      const dismissed = await boss.post("/api/admin/getting-started/dismiss");
      expect(dismissed.json()).toMatchObject({ dismissed: true, done: true });
      expect((await boss.get("/api/admin/getting-started")).json().done).toBe(true);
      expect((await own.post("/api/admin/getting-started/dismiss")).statusCode).toBe(401);
    } finally {
      await own.close();
    }
  });

  it("refuses a company name on two lines, and anyone but an admin", async () => {
    const res = await admin.put("/api/admin/company", { name: "A\nB", showPublicFigures: true });
    expect(res.statusCode).toBe(400);
    expect((await t.get("/api/admin/getting-started")).statusCode).toBe(401);
  });
});
