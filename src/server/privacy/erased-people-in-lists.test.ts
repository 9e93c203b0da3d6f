import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import {
  allowEmail,
  createActivity,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
} from "../test/factories";
import { runRetentionOnce } from "../test/run-retention";
import { createTestApp, type TestApp } from "../test/test-app";

const clock = fixedClock("2027-05-10T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@lists.test");
});
afterAll(() => t.close());

/** The people counts of every admin screen that counts people. */
async function peopleCounts(admin: { id: string }) {
  const as = t.as(admin);
  const users = (await as.get("/api/admin/users")).json();
  const metrics = (await as.get("/api/admin/enhanced-metrics")).json();
  const summary = (await as.get("/api/admin/employee-status-summary")).json();
  const validation = (await as.get("/api/admin/pairing-validation")).json();
  return {
    listed: users.counts.total,
    deactivated: users.counts.deactivated,
    registered: metrics.userMetrics.totalRegistered,
    active: metrics.userMetrics.activeParticipants,
    optedOut: metrics.userMetrics.optedOutUsers,
    employees: summary.totalEmployees,
    activeEmployees: summary.activeEmployees,
    inScope: validation.statusCounts.total,
    scopeOptedOut: validation.statusCounts.opted_out,
  };
}

describe("erased people and old history's stand-ins on the admin's screens", () => {
  it("are counted as nobody, listed nowhere, and named by what is true where history shows them", async () => {
    const admin = await createAdmin(t.db, { email: "boss@hq.test" });
    const person = (first: string) =>
      createUser(t.db, { email: `${first.toLowerCase()}@lists.test`, firstName: first });
    const [ada, bob, cy, dee, eve, fay] = await Promise.all(
      ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay"].map(person),
    );
    const old = await createPairing(t.db, { month: "2027-01", status: "completed" });
    const january = new Date("2027-01-05T09:00:00Z");
    for (const members of [
      [cy, dee],
      [eve, fay],
    ]) {
      await createMatch(t.db, { members, pairing: old, matchDate: january, status: "completed" });
    }
    const april = await createPairing(t.db, { month: "2027-04", status: "completed" });
    await createMatch(t.db, { members: [ada, bob], pairing: april, answers: ["met"] });
    await createActivity(t.db, { userId: ada.id, at: clock.now(), detail: "Ada paused." });
    const before = await peopleCounts(admin);

    const erased = await t.as(admin).post(`/api/admin/users/${ada.id}/erase`, {
      confirmEmail: ada.email,
    });
    expect(erased.statusCode).toBe(200);
    expect((await t.as(admin).put("/api/admin/retention", { months: 2 })).statusCode).toBe(200);
    expect(await runRetentionOnce(t.ctx, "a")).toContain("older than");

    // Ada (an active participant) is gone from every count; the stand-ins never arrive.
    expect(await peopleCounts(admin)).toEqual({
      ...before,
      listed: before.listed - 1,
      registered: before.registered - 1,
      active: before.active - 1,
      employees: before.employees - 1,
      activeEmployees: before.activeEmployees - 1,
      inScope: before.inScope - 1,
    });
    const list = (await t.as(admin).get("/api/admin/users?account=deactivated")).json();
    expect(list.users).toEqual([]);
    const search = (await t.as(admin).get("/api/admin/users?q=erased")).json();
    expect(search.users).toEqual([]);

    const activity = (await t.as(admin).get("/api/admin/activity?limit=50")).json();
    const aboutAda = activity.items.filter((item: { userId: string }) => item.userId === ada.id);
    // Ada still had access when she was erased: she may still work there.
    expect(aboutAda.map((item: { userName: string }) => item.userName)).toEqual([
      "someone who left the programme",
      "someone who left the programme",
    ]);
    // Stand-ins sit in every old match by design: no "in more than one match" or "met before" issue.
    const report = (await t.as(admin).get("/api/admin/pairing-report")).json();
    expect(report.validationIssues).toEqual([]);
    const history = (await t.as(bob).get("/api/matches/history")).json();
    expect(JSON.stringify(history)).not.toContain("Ada");
  });
});
