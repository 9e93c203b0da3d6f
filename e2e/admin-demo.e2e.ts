import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleAnswer } from "../src/client/features/admin/demo/sample-data";
import { SAMPLE_GROUP_ID } from "../src/client/features/admin/demo/sample-people";
import { createUser } from "../src/server/test/factories";
import type { AdminStats, EnhancedMetrics } from "../src/shared/metrics";
import { SAMPLE_GROUP } from "../src/shared/sample-company";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  // A real person in the database, who must never appear on the sample dashboard.
  await createUser(story.db, {
    email: "real.person@realco.test",
    firstName: "Realname",
    lastName: "Person",
  });
});
afterAll(() => story?.close());

const TABS = [
  "Operations",
  "User Management",
  "Departments",
  "Analytics & Metrics",
  "Email Whitelist",
  "Email Send Logs",
  "Image Gallery",
];

describe("a signed-out visitor looks around /admin-demo", () => {
  it("sees every tab filled with sample data, and no call reaches the admin API", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/admin-demo");

    await page.getByRole("note", { name: "Sample data" }).waitFor();
    await page.getByRole("heading", { name: "Admin Dashboard (Demo)", level: 1 }).waitFor();
    await page.getByText("Total Users", { exact: true }).first().waitFor();
    // Pairing opens on the group holding the people, as /admin does; All Users is said empty.
    const groupSelect = page.getByLabel("Pairing group");
    await expect.poll(() => groupSelect.inputValue()).toBe(String(SAMPLE_GROUP_ID));
    expect(await groupSelect.locator("option").allTextContents()).toEqual([
      `${SAMPLE_GROUP.displayName} (${SAMPLE_GROUP.name})`,
      "All Users (no domain group) — empty",
    ]);
    await page.getByRole("heading", { name: "All Users (empty)" }).waitFor();
    // The sample month's pairing is still running: Generate's dialog says so, as the server
    // would refuse it, and offers nothing to generate (never "Invalid Date").
    await page.getByRole("button", { name: "Generate Monthly Pairings" }).click();
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.innerText())
      .toMatch(
        /pairings for .+ are still running\n[\s\S]*" is still running, so Generate makes nothing now/,
      );
    expect(await dialog.innerText()).not.toContain("Invalid Date");
    expect(await dialog.getByRole("button").allTextContents()).not.toContain("Generate");
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "detached" });
    const tabs = page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab");
    expect(await tabs.allTextContents()).toEqual(TABS);

    for (const name of TABS) {
      await tabs.filter({ hasText: name }).click();
      const panel = page.getByRole("tabpanel", { name });
      await panel.waitFor();
      // Every tab settles: no spinner or skeleton left.
      await expect
        .poll(() => panel.locator('[role="status"]').count(), { timeout: 15_000 })
        .toBe(0);
      expect(await hasHorizontalScroll(page), name).toBe(false);
      expect(await axeViolations(page), name).toEqual([]);
    }

    // The figures of the company DEMO=1 seeds (src/shared/sample-company.ts), counted in Node
    // from the same generator as the page counts them.
    const stats = sampleAnswer("/api/admin/stats") as AdminStats;
    const metrics = sampleAnswer("/api/admin/enhanced-metrics") as EnhancedMetrics;
    await tabs.filter({ hasText: "Analytics & Metrics" }).click();
    await page.locator("figure svg.recharts-surface").first().waitFor();
    const figures = page.getByRole("tabpanel", { name: "Analytics & Metrics" });
    await expect
      .poll(() => figures.innerText())
      .toMatch(new RegExp(`Chats that happened\\s+${stats.chatsHappened}\\s`));
    expect(await figures.innerText()).toContain("People & Culture");

    await tabs.filter({ hasText: "User Management" }).click();
    const total = metrics.userMetrics.totalRegistered;
    await page.getByText(`Showing 50 of ${total} users`).waitFor();
    await page.getByLabel("Search users").fill("ada lindqvist");
    await page.getByText("Showing 1 user").waitFor();
    expect(await page.locator("body").innerText()).toContain("ada.lindqvist@acme.example");
    await page.getByLabel("Status for Ada Lindqvist").selectOption("paused");
    await page.getByRole("button", { name: "Save Ada Lindqvist" }).click();
    await page.getByText("Sample data — changes are not saved", { exact: true }).waitFor();

    expect(await page.locator("body").innerText()).not.toContain("Realname");
    await tabs.filter({ hasText: "Email Whitelist" }).click();
    await page.getByText(SAMPLE_GROUP.displayName).first().waitFor();
    const apiCalls = requested.filter(
      (path) => path.startsWith("/api/") || path.startsWith("/completed_pairings"),
    );
    expect(apiCalls).toEqual([]);
    expect(requested.length).toBeGreaterThan(0);
  });
});
