import type { Locator, Page } from "playwright-core";
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
  // The admin's own address on the whitelist makes them no employee either; two people invited
  // never signed up.
  await allowEmail(story.db, "root@admin.test");
  await allowEmail(story.db, "waiting-1@figures.test");
  await allowEmail(story.db, "waiting-2@figures.test");
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

/** The value shown under a label (a `dt`/`dd` pair or a counter card), on a page or in a part. */
const figure = (where: Page | Locator, label: string) =>
  where
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
  // Eligibility counts the same six: the admin is never "Profile not set up". Everyone ready is
  // in one of March's matches, and the box says so instead of an unexplained "no match".
  const eligibility = page.getByRole("region", { name: "Pairing eligibility" });
  await expect.poll(() => figure(page, "Ready to Pair")).toBe("6");
  expect(await figure(page, "Total Users")).toBe("6");
  const said = (await eligibility.innerText()).replace(/\s+/g, " ");
  expect(said).not.toContain("Profile not set up");
  expect(said).toContain("Met: 6 ready, at least 2 needed");
  expect(said).toContain("no new match: everyone ready (6 people already have a match this month)");
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  // User Management counts the same people: the admin is not one of them.
  await page.goto("/admin/users");
  await expect.poll(() => figure(page, "Total")).toBe("6");
  expect(await page.getByText("Showing all 6 users").count()).toBe(1);

  const tabs = page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
  await tabs.filter({ hasText: "Analytics & Metrics" }).click();
  const panel = page.getByRole("tabpanel", { name: "Analytics & Metrics" });
  await expect.poll(() => figure(page, "Active Matches")).toBe(String(stats.activeMatches));
  // One headline per figure: chats that happened, never a second "Completed Chats" beside it.
  expect(await figure(page, "Chats that happened")).toBe(String(stats.chatsHappened));
  expect(await panel.getByText(/completed chats/i).count()).toBe(0);
  expect(await figure(page, "Total Users")).toBe(String(metrics.userMetrics.totalRegistered));
  // Participation against the people invited too: six employees of eight invited.
  const active = metrics.userMetrics.activeParticipants;
  expect(await panel.innerText()).toContain(`${active} of 8 invited take part`);
  await panel
    .getByRole("tablist", { name: "Metrics sections" })
    .getByRole("tab", { name: "Matching Performance" })
    .click();
  const performance = page.getByRole("tabpanel", { name: "Matching Performance" });
  await performance.getByText("Chats that happened", { exact: true }).waitFor();
  expect(
    await performance
      .getByText("Chats that happened", { exact: true })
      .locator("xpath=following-sibling::*[1]")
      .innerText(),
  ).toBe(String(metrics.matchingMetrics.currentMonth.chatsHappened));
  expect(await performance.getByText(/completed chats/i).count()).toBe(0);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  // The Employee status card counts the same employees as Total Users everywhere (never the admin
  // without a profile), its Ready to Pair is the eligibility box's, and its employment rows add up.
  const summary = await (await page.request.get("/api/admin/employee-status-summary")).json();
  expect(summary.totalEmployees).toBe(metrics.userMetrics.totalRegistered);
  await panel
    .getByRole("tablist", { name: "Metrics sections" })
    .getByRole("tab", { name: "Operations" })
    .click();
  const operations = panel.getByRole("tabpanel", { name: "Operations" });
  await expect
    .poll(() => figure(operations, "Total Users"))
    .toBe(String(metrics.userMetrics.totalRegistered));
  expect(await figure(operations, "Ready to Pair")).toBe("6");
  const atWork = Number(await figure(operations, "At work"));
  const onLeave = Number(await figure(operations, "On leave today"));
  const left = Number(await figure(operations, "Left the company"));
  expect([atWork, onLeave, left]).toEqual([6, 0, 0]);
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  return { page, stats, metrics };
}

describe("the Connections tab", () => {
  it("opens on the programme's first month, and draws no empty Reach chart", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin/metrics");
    const panel = page.getByRole("tabpanel", { name: "Analytics & Metrics" });
    await panel
      .getByRole("tablist", { name: "Metrics sections" })
      .getByRole("tab", { name: "Connections" })
      .click();
    // The programme began in February 2027: not October 2026, six months before March.
    const from = page.getByLabel("From");
    await expect.poll(() => from.inputValue()).toBe("2027-02");
    await page
      .getByText("Who met whom through the programme, February 2027 to March 2027")
      .waitFor();
    expect(await page.getByText(/^The programme began in/).count()).toBe(0);
    // March alone: matches made, no chat yet (this runs before Ada's Met below). Reach says so
    // instead of drawing an empty frame, and a line says where the programme began.
    await from.fill("2027-03");
    await page.getByText(/^The programme began in February 2027: choose From/).waitFor();
    const reach = page.getByRole("region", { name: "Reach" });
    await expect
      .poll(async () => (await reach.isVisible()) && (await reach.innerText()))
      .toMatch(/Nobody has met a colleague|Hidden: its bars count fewer than/);
    expect(await page.getByText("Reach: people by the number").count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("every page shows the same numbers", () => {
  it("counts Met My Match in Coffee Chats, and keeps the match active for the admin", async () => {
    const before = await adminFigures(1280);
    expect(before.stats).toEqual({ activeMatches: 3, completedChats: 2, chatsHappened: 2 });
    expect(before.metrics.userMetrics.totalRegistered).toBe(6);
    expect(before.metrics.userMetrics.invitedNotJoined).toBe(2);

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
