import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { seedSampleCompany } from "../demo/seed-demo";
import { allowEmail, createAdmin, createGroup, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";

// docs/pairings.md, "Who takes part": each scope's people and ready people, as the eligibility box
// counts them, so the admin lands on the scope that has people.
const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;
let admin: ReturnType<TestApp["as"]>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = t.as(await createAdmin(t.db, { email: "hr@hq.test", needsProfileSetup: true }));
});
afterAll(() => t.close());

type Scope = { domainGroupId: number | null; label: string; people: number; ready: number };
const scopes = async (): Promise<Scope[]> =>
  (await admin.get("/api/admin/rounds")).json().scopes.map((s: Scope) => ({
    domainGroupId: s.domainGroupId,
    label: s.label,
    people: s.people,
    ready: s.ready,
  }));
const validation = async (groupId: number | null) =>
  (
    await admin.get(
      `/api/admin/pairing-validation${groupId === null ? "" : `?domainGroupId=${groupId}`}`,
    )
  ).json().statusCounts;

describe("each scope's headcount on the rounds overview", () => {
  it("reads the sample company's people in its group and nobody in All Users", async () => {
    const seeded = await seedSampleCompany(t.db, { now: clock.now(), count: 40 });
    const [all, acme] = await scopes();
    expect(all).toEqual({ domainGroupId: null, label: "All Users", people: 0, ready: 0 });
    expect(acme).toMatchObject({ domainGroupId: seeded.domainGroupId, people: 40 });
    expect(acme.ready).toBeGreaterThan(20);
    // The same counts as the eligibility box's Total Users and Ready to Pair.
    for (const scope of [all, acme]) {
      const counts = await validation(scope.domainGroupId);
      expect([scope.people, scope.ready]).toEqual([counts.total, counts.truly_active]);
    }
  });

  it("counts a specific address's own group, an inactive group's people as All Users, and who is not ready", async () => {
    const labs = await createGroup(t.db, { name: "labs", displayName: "Labs" });
    const gone = await createGroup(t.db, { name: "gone", displayName: "Gone", isActive: false });
    await allowEmail(t.db, "*@labs.test", labs.id);
    await allowEmail(t.db, "*@gone.test", gone.id);
    await allowEmail(t.db, "ann@free.test");
    await createUser(t.db, { email: "ann@free.test" });
    await createUser(t.db, { email: "bob@gone.test" });
    await createUser(t.db, { email: "cat@labs.test" });
    await createUser(t.db, { email: "dan@labs.test", participationStatus: "paused" });
    const byLabel = Object.fromEntries((await scopes()).map((s) => [s.label, s]));
    expect(byLabel["All Users"]).toMatchObject({ people: 2, ready: 2 });
    expect(byLabel.Labs).toMatchObject({ people: 2, ready: 1 });
    expect(byLabel.Gone).toBeUndefined();
    const counts = await validation(labs.id);
    expect([counts.total, counts.truly_active]).toEqual([2, 1]);
  });
});
