import { and, eq, like } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedEmails, matches, matchMembers, pairings, users } from "../src/server/db/schema";
import { seedSampleCompany } from "../src/server/demo/seed-demo";
import { createAdmin } from "../src/server/test/factories";
import { adminSections, adminViewPath, operationsParts } from "../src/shared/admin-routes";
import { helpPath, helpSlugs } from "../src/shared/help-pages";
import { type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// A company of 200 with six months of history and a running round in which two people sat out,
// ten more invited who never signed up. The admin walks every tab and part, the employee every
// page; every request a page makes by itself must answer below 400 (docs/api.md, "Limits and page
// sizes"). The employee is handed the admin's page signed out and cleared (`story.reusePage`); no
// accessibility check here (the other stories do that).
const clock = runningClock("2027-03-10T10:00:00Z");
let story: Story;
let admin: { id: string };
let employee: { id: string };

beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  const seeded = await seedSampleCompany(story.db, { now: clock.now(), count: 200 });
  admin = await createAdmin(story.db, { email: "hr@admin.test", department: null });
  for (let i = 0; i < 10; i++) {
    await story.db
      .insert(allowedEmails)
      .values({ email: `invited${i}@${seeded.domain}`, domain: seeded.domain });
  }
  const running = await story.db
    .select()
    .from(pairings)
    .where(and(eq(pairings.status, "active"), eq(pairings.month, "2027-03")));
  expect(running).toHaveLength(1);
  // Two people of the company who are in no running match sat out.
  const members = await story.db
    .select({ id: matchMembers.userId })
    .from(matchMembers)
    .innerJoin(matches, eq(matches.id, matchMembers.matchId))
    .where(eq(matches.pairingId, running[0].id))
    .orderBy(matchMembers.userId);
  const matched = new Set(members.map((m) => m.id));
  const company = await story.db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${seeded.domain}`))
    .orderBy(users.email);
  const satOut = company
    .filter((p) => !matched.has(p.id))
    .slice(0, 2)
    .map((p) => ({
      userId: p.id,
      reason: { kind: "numbers" as const, ready: 201, left: 1, oddPairs: true },
    }));
  expect(satOut).toHaveLength(2);
  await story.db.update(pairings).set({ satOut }).where(eq(pairings.id, running[0].id));
  employee = members[0];
  const [person] = await story.db.select().from(users).where(eq(users.id, employee.id));
  expect(person.email.endsWith(seeded.domain)).toBe(true);
});
afterAll(() => story?.close());

/** Every answer of 400 or above to a request the page made itself, on the app's origin. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(story.baseUrl).origin || response.status() < 400) return;
    refused.push(
      `${response.status()} ${response.request().method()} ${url.pathname}${url.search}`,
    );
  });
  return refused;
}

/** Waits until the page has sent nothing for a while (every query of the view answered). */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 60_000 });
}

async function visit(page: Page, path: string, heading?: string) {
  await page.goto(path);
  if (heading) await page.getByRole("heading", { name: heading }).first().waitFor();
  await settled(page);
}

async function walkMetrics(page: Page) {
  const sections = page.getByRole("tablist", { name: "Metrics sections" });
  await sections.waitFor();
  for (const tab of await sections.getByRole("tab").all()) {
    await tab.click();
    await settled(page);
  }
}

async function walkAdmin(page: Page) {
  for (const part of operationsParts) {
    await visit(page, adminViewPath("/admin", { section: "operations", part }));
    await page.getByRole("navigation", { name: "Operations sections" }).waitFor();
  }
  // The pairing part lists who sat out, each with the matches they could join.
  await visit(page, "/admin");
  const where = page.getByLabel(/^Where to place /).first();
  await where.waitFor();
  await expect.poll(() => where.locator("option").count(), { timeout: 30_000 }).toBeGreaterThan(2);
  for (const section of adminSections.filter((s) => s !== "operations")) {
    await visit(page, adminViewPath("/admin", { section }));
    if (section === "metrics") await walkMetrics(page);
  }
  await visit(page, "/admin/images");
  await visit(page, "/admin-image-manager");
}

describe("every page of a company of 200 answers every request it makes", () => {
  it("walks every admin tab and part, and every employee page, without a refused request", async () => {
    const page = await story.newPage();
    const refused = watchRefusals(page);
    await story.signInAs(page, admin);
    await walkAdmin(page);
    expect(refused).toEqual([]);

    page.removeAllListeners("response");
    const person = await story.reusePage(page, { width: 375, height: 800 });
    const refusedToPerson = watchRefusals(person);
    await story.signInAs(person, employee);
    await visit(person, "/home");
    await visit(person, "/matches");
    await person.getByRole("region", { name: "Current match" }).waitFor();
    await visit(person, "/profile");
    await visit(person, "/help");
    for (const slug of helpSlugs) await visit(person, helpPath(slug));
    expect(refusedToPerson).toEqual([]);
  });
});
