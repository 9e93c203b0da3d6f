import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityItem } from "../../shared/rounds";
import { fixedClock } from "../clock";
import { activities } from "../db/schema";
import {
  allowEmail,
  createAdmin,
  createGroup,
  createRunningCompany,
  createSendableNewsletter,
  createUser,
  signIn,
} from "../test/factories";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(new Date("2027-03-10T09:00:00Z")) });
  admin = await createAdmin(t.db, { firstName: "Ann", lastName: "Admin" });
});
afterAll(() => t.close());

/** The newest activity line of `kind` (about `userId`, when given). */
async function lineOf(kind: string, userId?: string) {
  const [line] = await t.db
    .select()
    .from(activities)
    .where(and(eq(activities.kind, kind), userId ? eq(activities.userId, userId) : undefined))
    .orderBy(desc(activities.id))
    .limit(1);
  expect(line, `an activity line ${kind}`).toBeDefined();
  return { ...line, by: (line.data as { by?: string } | null)?.by };
}

/** The admin's activity list's item for the line (GET /api/admin/activity). */
async function itemOf(id: number): Promise<ActivityItem | undefined> {
  const page = (await t.as(admin).get("/api/admin/activity?limit=100")).json();
  return page.items.find((item: ActivityItem) => item.id === id);
}

/** What the admin's activity list shows for the line. */
const shown = async (id: number) => (await itemOf(id))?.detail as string;

describe("the activity list records who did it", () => {
  it("when an admin generates a pairing", async () => {
    const group = await createGroup(t.db, { displayName: "Generated Co" });
    await allowEmail(t.db, "*@generated.test", group.id);
    for (const name of ["ada", "ben", "cy", "dee"]) {
      await createUser(t.db, { email: `${name}@generated.test` });
    }
    const res = await t.as(admin).post(`/api/admin/generate-pairing/${group.id}`, {});
    expect(res.statusCode).toBe(200);
    const line = await lineOf("pairing.generated");
    expect(line).toMatchObject({ by: admin.id, pairingId: res.json().pairingId, month: "2027-03" });
    expect(await shown(line.id)).toBe(
      'Ann Admin generated "March 2027 – Generated Co": 2 matches.',
    );
  });

  it("when an admin starts a newsletter send", async () => {
    const { newsletter } = await createSendableNewsletter(t.db, { title: "Spring news" });
    const res = await t.as(admin).post(`/api/admin/newsletters/${newsletter.id}/send`, {});
    expect(res.statusCode).toBe(202);
    const line = await lineOf("newsletter.send-started");
    expect(line.by).toBe(admin.id);
    expect(await shown(line.id)).toBe('Ann Admin started sending "Spring news" to 4 people.');
  });

  it("when a person or an admin pauses, opts out or resumes, and when an admin re-pairs", async () => {
    const company = await createRunningCompany(t.db, { name: "Pausing", month: "2027-03" });
    const [ada, bob] = [await company.person("Ada"), await company.person("Bob")];
    await company.match(ada, bob);

    // Bob pauses himself: nobody is free, so Ada is left without a partner.
    const paused = await t.as(bob).put("/api/participation", { action: "pause", months: 1 });
    expect(paused.statusCode).toBe(200);
    const bobPaused = await lineOf("participation.paused", bob.id);
    expect(bobPaused.by).toBe(bob.id);
    expect(await shown(bobPaused.id)).toBe(
      "Bob Test paused their participation until Sat, Apr 10, 2027.",
    );

    const cy = await company.person("Cy");
    const rePaired = await t
      .as(admin)
      .post(`/api/admin/pairings/${company.pairing.id}/re-pair`, { userId: ada.id });
    expect(rePaired.statusCode).toBe(200);
    const rePair = await lineOf("match.re-paired", ada.id);
    expect(rePair.by).toBe(admin.id);
    expect(await shown(rePair.id)).toBe("Ann Admin re-paired Ada Test: now meets Cy Test.");

    const byAdmin = await t.as(admin).patch(`/api/admin/users/${cy.id}`, {
      participationStatus: "paused",
    });
    expect(byAdmin.statusCode).toBe(200);
    const cyPaused = await lineOf("participation.paused", cy.id);
    expect(cyPaused.by).toBe(admin.id);
    expect(await shown(cyPaused.id)).toBe(
      "Ann Admin paused Cy Test's participation until Sat, Apr 10, 2027.",
    );
    // The list's actor is who did it, not the person it concerned.
    expect(await itemOf(cyPaused.id)).toMatchObject({ userName: "Cy Test", byName: "Ann Admin" });

    expect(
      (await t.as(admin).patch(`/api/admin/users/${cy.id}`, { participationStatus: "opted_out" }))
        .statusCode,
    ).toBe(200);
    const cyOut = await lineOf("participation.opted-out", cy.id);
    expect(cyOut.by).toBe(admin.id);
    expect(await shown(cyOut.id)).toBe("Ann Admin opted Cy Test out.");

    expect((await t.as(ada).put("/api/participation", { action: "opt_out" })).statusCode).toBe(200);
    const adaOut = await lineOf("participation.opted-out", ada.id);
    expect(adaOut.by).toBe(ada.id);
    expect(await shown(adaOut.id)).toBe("Ada Test opted out.");

    expect((await t.as(ada).put("/api/participation", { action: "reactivate" })).statusCode).toBe(
      200,
    );
    const adaBack = await lineOf("participation.reactivated", ada.id);
    expect(adaBack.by).toBe(ada.id);
    expect(await shown(adaBack.id)).toBe("Ada Test resumed their participation.");
  });

  it("when an admin changes a setting, imports addresses or sends invitations", async () => {
    const zone = await t.as(admin).put("/api/admin/rounds/time-zone", { timeZone: "Asia/Tokyo" });
    expect(zone.statusCode).toBe(200);
    const zoneLine = await lineOf("settings.changed");
    expect(zoneLine.by).toBe(admin.id);
    expect(await shown(zoneLine.id)).toBe(
      "Ann Admin set the company's time zone to Japan Standard Time (Asia/Tokyo).",
    );

    const company = await t
      .as(admin)
      .put("/api/admin/company", { name: "Acme", showPublicFigures: false, contactEmail: "" });
    expect(company.statusCode).toBe(200);
    expect(await shown((await lineOf("settings.changed")).id)).toBe(
      'Ann Admin saved the company settings: name "Acme", no contact address, public figures hidden.',
    );

    const imported = await t.as(admin).post("/api/admin/whitelist/import", {
      rows: [{ email: "ida@imported.test" }, { email: "jo@imported.test" }],
    });
    expect(imported.statusCode).toBe(200);
    const importLine = await lineOf("whitelist.imported");
    expect(importLine.by).toBe(admin.id);
    expect(await shown(importLine.id)).toBe(
      "Ann Admin imported 2 addresses to the Email Whitelist.",
    );

    const invited = await t
      .as(admin)
      .post("/api/admin/invitations", { emails: ["ida@imported.test"] });
    expect(invited.statusCode, invited.body).toBe(202);
    const inviteLine = await lineOf("invitations.sent");
    expect(inviteLine.by).toBe(admin.id);
    expect(await shown(inviteLine.id)).toBe("Ann Admin sent the invitation to 1 person.");
  });

  it("when a person deletes their account or an admin erases one, naming only the admin", async () => {
    const company = await createRunningCompany(t.db, { name: "Erasing", month: "2027-03" });
    const kate = await company.person("Kate");
    const lee = await company.person("Lee");

    expect((await t.as(kate).put("/api/participation", { action: "opt_out" })).statusCode).toBe(
      200,
    );
    const optedOut = await lineOf("participation.opted-out", kate.id);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/profile",
      headers: {
        cookie: await signIn(t.db, kate, { now: t.ctx.clock.now() }),
        origin: TEST_APP_URL,
      },
      payload: { confirmEmail: kate.email },
    });
    expect(deleted.statusCode).toBe(200);
    const own = await lineOf("person.erased", kate.id);
    expect(own.by).toBe(kate.id);
    expect(await shown(own.id)).toBe(
      "A person deleted their account; their history stays as someone who left the programme.",
    );

    // Her earlier line names her no more (docs/privacy.md).
    expect(await shown(optedOut.id)).toBe("someone who left the programme opted out.");

    const erased = await t
      .as(admin)
      .post(`/api/admin/users/${lee.id}/erase`, { confirmEmail: lee.email });
    expect(erased.statusCode).toBe(200);
    const byAdmin = await lineOf("person.erased", lee.id);
    expect(byAdmin.by).toBe(admin.id);
    expect(await shown(byAdmin.id)).toBe(
      "Ann Admin erased a person on request; their history stays as someone who left the programme.",
    );
    expect(JSON.stringify(byAdmin)).not.toMatch(/Lee|erasing/i);
  });
});
