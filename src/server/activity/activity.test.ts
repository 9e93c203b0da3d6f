import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { createActivity, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { listActivity, recordActivity } from "./activity";

const NOW = new Date("2027-03-01T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
});
afterAll(() => t.close());

describe("the activity list", () => {
  it("records an automatic action at the clock's time, with the person it concerned", async () => {
    const person = await createUser(t.db);
    await recordActivity(t.ctx, {
      kind: "check-in.sent",
      detail: "Asked Ada whether she met Ben.",
      userId: person.id,
      scopeKey: "all",
      month: "2027-03",
      data: { reminder: false },
    });
    const [entry] = await listActivity(t.db, { limit: 1, userId: person.id });
    expect(entry).toMatchObject({
      kind: "check-in.sent",
      detail: "Asked Ada whether she met Ben.",
      scopeKey: "all",
      month: "2027-03",
      data: { reminder: false },
    });
    expect(entry.at.toISOString()).toBe(NOW.toISOString());
  });

  it("writes nothing when the transaction it was recorded in is rolled back", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await recordActivity(t.ctx, { kind: "round.drafted", detail: "rolled back" }, tx);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const entries = await listActivity(t.db, { limit: 50 });
    expect(entries.map((e) => e.detail)).not.toContain("rolled back");
  });

  it("lists newest first and pages back from an id", async () => {
    const first = await createActivity(t.db, { scopeKey: "page-test", detail: "first" });
    await createActivity(t.db, { scopeKey: "page-test", detail: "second" });
    const page = await listActivity(t.db, { limit: 1, scopeKey: "page-test" });
    expect(page.map((e) => e.detail)).toEqual(["second"]);
    const older = await listActivity(t.db, { limit: 5, scopeKey: "page-test", before: page[0].id });
    expect(older.map((e) => e.id)).toEqual([first.id]);
  });
});
