import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { settings, users } from "../src/server/db/schema";
import { recordEmployeeSync } from "../src/server/employees/last-sync";
import {
  allowEmail,
  createCompanyWidePeople,
  createEmailLog,
  createMatch,
  createPairing,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// A company of 200 in no domain group, its admin in New York's zone, on 10 March 2027 at 09:00 UTC
// (04:00 in New York). Every time an admin page shows is in the company's zone, named; the
// activity list says who imported, invited and changed a setting; a pairing is named by its
// month alone, since the company has no groups.
const clock = fixedClock("2027-03-10T09:00:00Z");
const domain = "brew200.test";
let story: Story;
let admin: { id: string };
let people: { id: string }[];

beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  const names = Array.from({ length: 200 }, (_, i) => `p${String(i).padStart(3, "0")}`);
  const company = await createCompanyWidePeople(story.db, domain, names);
  people = company.people;
  admin = company.admin;
  await story.db
    .update(users)
    .set({ firstName: "Hana", lastName: "Rossi" })
    .where(eq(users.id, admin.id));
  for (const name of ["new1", "new2", "new3"]) await allowEmail(story.db, `${name}@${domain}`);
  // The roster was last synced, and SCIM last changed someone, on days before.
  await recordEmployeeSync(story.db, new Date("2027-03-09T15:30:00Z"));
  await story.db
    .insert(settings)
    .values({ key: "scim_activity", value: { lastChangeAt: "2027-03-08T12:00:00Z" } });
  await createEmailLog(story.db, {
    newsletterTitle: "February news",
    sentAt: new Date("2027-03-05T14:00:00Z"),
    recipients: [`p000@${domain}`],
    pairingFile: "pairing-2027-02-group1-all-users-1.json",
  });
}, 120_000);
afterAll(() => story?.close());

/** The text a person reads, spaces as one (Chromium writes a narrow space before AM). */
const readText = async (where: Locator) => (await where.innerText()).replace(/\s+/g, " ");

/** A same-origin request from the signed-in admin's page, as the page's own forms send them. */
async function send(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    [method, path, body] as const,
  );
}

describe("an admin of a company of 200 reads every time in the company's zone, named", () => {
  it("invites, imports and sets the zone; each time and each activity line says when and who", async () => {
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/whitelist");
    // A settings change: the company's zone, New York (04:00 there now).
    expect(
      await send(page, "PUT", "/api/admin/rounds/time-zone", { timeZone: "America/New_York" }),
    ).toBe(200);
    await page.reload();

    // Invitations: last invited, and from when again, in New York's time.
    const waiting = page.getByRole("list", { name: "People not signed up yet" });
    await waiting.getByText(`new1@${domain}`).waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Invite all who can be (3)" }).click();
    await page.getByText("Sending the invitation to 3 people.").first().waitFor();
    const first = waiting.getByRole("listitem").filter({ hasText: `new1@${domain}` });
    await expect
      .poll(() => readText(first), { timeout: 60_000 })
      .toContain(
        "Last invited Wed, Mar 10, 04:00 Eastern Time (America/New York) · again from Thu, Mar 11, 04:00 Eastern Time (America/New York)",
      );

    // An import of two addresses by the whitelist's own form.
    await page.getByLabel("Or paste addresses or the CSV").fill(`new4@${domain}\nnew5@${domain}`);
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("button", { name: "Add 2 addresses" }).click();
    await waiting.getByText(`new5@${domain}`).waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);

    // The activity list names the admin in each line, the one way it names people.
    await page.goto("/admin/people");
    const activity = page.getByRole("list").filter({ hasText: "Hana Rossi" }).first();
    for (const line of [
      "Hana Rossi set the company's time zone to Eastern Time (America/New York).",
      "Hana Rossi sent the invitation to 3 people.",
      "Hana Rossi imported 2 addresses to the Email Whitelist.",
    ]) {
      await activity.getByText(line, { exact: false }).waitFor({ timeout: 60_000 });
    }
    const lines = await readText(activity);
    expect(lines).toContain(
      "Wed, Mar 10, 04:00 Eastern Time (America/New York)Hana Rossi sent the invitation to 3 people.",
    );
    // Each line begins with her name, so none repeats it after a dash (docs/rounds.md).
    expect(lines).not.toContain("— Hana Rossi");
  });

  it("shows the identity card, the last roster sync and the e-mail logs in the company's zone", async () => {
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, admin);
    // Each page is loaded once and read at a phone's width, then widened to 1280 px and read
    // again: the layout follows the width, so a second load at 1280 px would draw the same.
    const atBothWidths = async (read: () => Promise<void>) => {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await read();
      }
    };

    await page.goto("/admin/settings");
    const scim = page
      .locator("dt", { hasText: "Last SCIM change" })
      .locator("xpath=following-sibling::dd[1]");
    await atBothWidths(() =>
      expect
        .poll(() => readText(scim), { timeout: 60_000 })
        .toBe("Mon, Mar 8, 07:00 Eastern Time (America/New York)"),
    );

    await page.goto("/admin/metrics");
    await page
      .getByRole("tablist", { name: "Metrics sections" })
      .getByRole("tab", { name: "Operations" })
      .click();
    const synced = page
      .locator("dt", { hasText: "Last synced" })
      .locator("xpath=following-sibling::dd[1]");
    await atBothWidths(() =>
      expect
        .poll(() => readText(synced), { timeout: 60_000 })
        .toBe("Tue, Mar 9, 10:30 Eastern Time (America/New York)"),
    );

    await page.goto("/admin/email-logs");
    const log = page.getByRole("listitem").filter({ hasText: "February news" });
    await atBothWidths(async () => {
      await expect
        .poll(() => readText(log), { timeout: 60_000 })
        .toContain("Sent Fri, Mar 5, 09:00 Eastern Time (America/New York)");
      // No groups: the pairing by its month alone, no "All Users" badge, no "Group A".
      expect(await readText(log)).toContain("Pairing: February 2027");
      expect(await readText(log)).not.toMatch(/All Users|Group A/);
      await log.getByRole("button", { name: "View Details: February news" }).click();
      const details = page.getByRole("dialog");
      await details.getByRole("tab", { name: "Send Entries" }).click();
      const entry = details.getByRole("listitem").filter({ hasText: `p000@${domain}` });
      await expect
        .poll(() => readText(entry), { timeout: 60_000 })
        .toContain("Fri, Mar 5, 09:00 Eastern Time (America/New York)");
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await details.waitFor({ state: "detached" });
    });
  });
});

describe("a company without groups reads a pairing by its month", () => {
  it("names the running and the completed pairing by month and counts, never 'All Users'", async () => {
    const february = await createPairing(story.db, { month: "2027-02", scopeKey: "all" });
    await createMatch(story.db, { members: [people[0], people[1]], pairing: february });
    await createMatch(story.db, { members: [people[2], people[3], people[4]], pairing: february });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    expect(await send(page, "POST", "/api/admin/complete-current-pairing", {})).toBe(200);
    const march = await createPairing(story.db, { month: "2027-03", scopeKey: "all" });
    await createMatch(story.db, { members: [people[5], people[6]], pairing: march });
    await createMatch(story.db, { members: [people[7], people[8], people[9]], pairing: march });
    await page.reload();

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByRole("button", { name: "Complete March 2027", exact: true })
        .waitFor({ timeout: 60_000 });
      const completed = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("button", { name: "View February 2027", exact: true }) });
      await completed.waitFor({ timeout: 60_000 });
      expect(await readText(completed)).toContain("February 2027");
      expect(await readText(completed)).toContain("2 matches");
      expect(await readText(completed)).not.toMatch(/All Users|Group A/);
      await completed.getByRole("button", { name: "View February 2027", exact: true }).click();
      const preview = page.getByRole("dialog", { name: "February 2027" });
      await preview.getByText("February 2027 · 2 matches", { exact: false }).waitFor();
      expect(await readText(preview)).not.toMatch(/All Users|Group A/);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await preview.waitFor({ state: "detached" });
    }
  });
});
