import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// One company on 10 March 2027: February's pairing completed (two chats), March's running with
// three matches. Each figure has one definition (docs/admin-console.md, "The figures"), so every
// page shows the number the endpoints answer.
const clock = runningClock("2027-03-10T10:00:00Z");
let story: Story;
let admin: { id: string };
let ada: { id: string };

beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  await allowEmail(story.db, "*@figures.test");
  // The installation's first admin: a password, no profile, on no whitelist. No employee.
  admin = await createAdmin(story.db, {
    email: "root@admin.test",
    needsProfileSetup: true,
    department: null,
  });
  const people = [];
  for (const first of ["Ada", "Ben", "Cleo", "Dan", "Eve", "Finn"]) {
    people.push(
      await createUser(story.db, {
        email: `${first.toLowerCase()}@figures.test`,
        firstName: first,
        lastName: "Figure",
      }),
    );
  }
  const [a, b, c, d, e, f] = people;
  ada = a;
  const february = await createPairing(story.db, {
    scopeKey: "all",
    month: "2027-02",
    status: "completed",
  });
  await createMatch(story.db, { members: [a, c], pairing: february, status: "completed" });
  await createMatch(story.db, { members: [b, d], pairing: february, status: "completed" });
  const march = await createPairing(story.db, { scopeKey: "all", month: "2027-03" });
  for (const pair of [
    [a, b],
    [c, d],
    [e, f],
  ]) {
    await createMatch(story.db, { members: pair, pairing: march });
  }
});
afterAll(() => story?.close());

/** The value shown under a label (a `dt`/`dd` pair or a counter card). */
const figure = (page: Page, label: string) =>
  page
    .getByText(label, { exact: true })
    .first()
    .locator("xpath=following-sibling::*[1]")
    .innerText();

/** The admin's figures at `width`, on `previous` (a page the test is done with) when it can be. */
async function adminFigures(width: number, previous?: Page) {
  const size = { width, height: 900 };
  const page = await (previous ? story.reusePage(previous, size) : story.newPage(size));
  await story.signInAs(page, admin);
  await page.goto("/admin");
  const stats = await (await page.request.get("/api/admin/stats")).json();
  const metrics = await (await page.request.get("/api/admin/enhanced-metrics")).json();
  const current = await (await page.request.get("/api/admin/current-pairings")).json();
  expect(current.total).toBe(stats.activeMatches);
  expect(metrics.matchingMetrics.currentMonth.activeMatches).toBe(stats.activeMatches);

  // Operations: the employees, never the admin without a profile.
  const counts = page.getByRole("region", { name: "User counts" });
  await expect
    .poll(() => figure(page, "Total Users"))
    .toBe(String(metrics.userMetrics.totalRegistered));
  expect(await counts.innerText()).toContain("6");
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  const tabs = page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
  await tabs.filter({ hasText: "Analytics & Metrics" }).click();
  const panel = page.getByRole("tabpanel", { name: "Analytics & Metrics" });
  await expect.poll(() => figure(page, "Active Matches")).toBe(String(stats.activeMatches));
  expect(await figure(page, "Completed Chats")).toBe(String(stats.completedChats));
  expect(await figure(page, "Total Users")).toBe(String(metrics.userMetrics.totalRegistered));
  await panel
    .getByRole("tablist", { name: "Metrics sections" })
    .getByRole("tab", { name: "Matching Performance" })
    .click();
  await page.getByText("Chats that happened", { exact: true }).waitFor();
  expect(await figure(page, "Chats that happened")).toBe(
    String(metrics.matchingMetrics.currentMonth.chatsHappened),
  );
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  return { page, stats, metrics };
}

describe("every page shows the same numbers", () => {
  it("counts Met My Match in Coffee Chats, and keeps the match active for the admin", async () => {
    const before = await adminFigures(1280);
    expect(before.stats).toEqual({ activeMatches: 3, completedChats: 2, chatsHappened: 2 });
    expect(before.metrics.userMetrics.totalRegistered).toBe(6);

    const page = await story.reusePage(before.page, { width: 375, height: 800 });
    await story.signInAs(page, ada);
    await page.goto("/home");
    await expect.poll(() => figure(page, "Coffee Chats")).toBe("1");
    await page.goto("/matches");
    const current = page.getByRole("region", { name: "Current match" });
    await current.getByRole("button", { name: "Met My Match" }).click();
    await current.getByRole("button", { name: "Change to Missed This Month" }).waitFor();
    await page.goto("/home");
    await expect.poll(() => figure(page, "Coffee Chats")).toBe("2");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // Ada's answer is a chat that happened; her match is still one of March's active ones.
    const after = await adminFigures(375, page);
    expect(after.stats).toEqual({ activeMatches: 3, completedChats: 2, chatsHappened: 3 });
    expect(after.metrics.matchingMetrics.currentMonth.chatsHappened).toBe(1);
  });
});
