import { eq } from "drizzle-orm";
import Papa from "papaparse";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { users } from "../src/server/db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import {
  axeViolations,
  downloadedText,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

const clock = fixedClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  await allowEmail(story.db, "*@filters.test");
  const ann = await createUser(story.db, {
    email: "ann@filters.test",
    firstName: "Ann",
    lastName: "Same",
    matchingPreference: "same-department",
  });
  await createUser(story.db, {
    email: "bea@filters.test",
    firstName: "Bea",
    lastName: "Trio",
    preferredGroupSize: 3,
  });
  await createUser(story.db, {
    email: "cal@filters.test",
    firstName: "Cal",
    lastName: "New",
    needsProfileSetup: true,
    managerId: ann.id,
    office: "Berlin",
    meetWay: "in-person",
  });
  await createUser(story.db, {
    email: "dot@filters.test",
    firstName: "=Dot",
    lastName: "Formula",
    matchingPreference: "cross-department",
  });
  // On leave this month: no match, and the list says why.
  await createUser(story.db, {
    email: "eve@filters.test",
    firstName: "Eve",
    lastName: "Away",
    preferredGroupSize: 3,
    leaveStartDate: "2027-03-01",
  });
  await createPairing(story.db, {
    month: "2027-03",
    status: "active",
    satOut: [{ userId: ann.id, reason: { kind: "numbers", ready: 3, left: 1, oddPairs: false } }],
  });
});
afterAll(() => story?.close());

async function openUsers(width: number) {
  const admin = await createAdmin(story.db, { email: `boss${width}@hq.test` });
  const page = await story.newPage({ width, height: 900 });
  await story.signInAs(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "User Management" }).click();
  return page;
}

/** The phone's list of user cards, once it shows `count` people. */
async function shownCards(page: Page, count: number): Promise<string> {
  await page.getByText(count === 1 ? "Showing 1 user" : `Showing all ${count} users`).waitFor();
  return page.getByRole("list", { name: "Users" }).innerText();
}

/** The text of the department a row's select shows. */
const shownDepartment = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent);

async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("users-2027-03-10.csv");
  return Papa.parse<Record<string, string>>((await downloadedText(download)).trim(), {
    header: true,
  }).data;
}

describe("an admin filters the users and exports the list as filtered", () => {
  it("on a phone: filters by preference, this month's match and sign-up, then exports", async () => {
    const page = await openUsers(375);
    await page.getByText("Showing all 6 users").waitFor();
    await page.getByText("Counts of every user.").waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Preference").selectOption({ label: "Same department" });
    expect(await shownCards(page, 1)).toContain("ann@filters.test");
    await page.getByLabel("Preference").selectOption({ label: "All preferences" });
    await page.getByLabel("This month").selectOption({ label: "Sat out of the current pairing" });
    expect(await shownCards(page, 1)).toContain("ann@filters.test");
    // Nobody has a match: each card says why (the admin is on no whitelist).
    await page.getByLabel("This month").selectOption({ label: "No current match" });
    const unmatched = await shownCards(page, 6);
    for (const why of ["sat out", "on leave", "profile not set up", "not on the whitelist"]) {
      expect(unmatched).toContain(`No current match: ${why}`);
    }
    // The cards above count what the list shows, the status filter too, and say so: Total,
    // Active, Paused, Opted Out, Deactivated.
    const cards = () => page.getByRole("definition").allInnerTexts();
    await expect.poll(cards).toEqual(["6", "6", "0", "0", "0"]);
    await page.getByText("Counts of the users your search and filters match.").waitFor();
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Opted Out" });
    await page.getByText("No users match your search criteria").waitFor();
    await expect.poll(cards).toEqual(["0", "0", "0", "0", "0"]);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "All statuses" });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByLabel("This month").selectOption({ label: "Everyone" });
    await page.getByLabel("Sign-up").selectOption({ label: "Not signed up yet" });
    expect(await shownCards(page, 1)).toContain("cal@filters.test");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    const rows = await exportCsv(page);
    expect(rows.map((r) => r.email)).toEqual(["cal@filters.test"]);
    expect(rows[0]).toMatchObject({
      signed_up: "no",
      first_name: "Cal",
      manager: "ann@filters.test",
      office: "Berlin",
      meet: "In person",
    });
  });

  it("on a wide screen: filters by group size and search, and the export follows them", async () => {
    const page = await openUsers(1280);
    const table = page.getByRole("table", { name: "Users" });
    await table.getByRole("rowheader", { name: /Bea Trio/ }).waitFor();
    await page.getByLabel("Group size").selectOption({ label: "One-to-one" });
    await page.getByLabel("Search users").fill("filters.test");
    await page.getByText("Showing all 3 users").waitFor();
    expect(await table.innerText()).not.toContain("Bea Trio");
    expect(await axeViolations(page)).toEqual([]);

    const rows = await exportCsv(page);
    expect(rows.map((r) => r.email).sort()).toEqual([
      "ann@filters.test",
      "cal@filters.test",
      "dot@filters.test",
    ]);
    // A cell that would start a spreadsheet formula is written with a leading quote.
    expect(rows.find((r) => r.email === "dot@filters.test")?.first_name).toBe("'=Dot");
  });

  it("on a wide screen: sets a person's manager in the row, the refusal beside the field", async () => {
    const page = await openUsers(1024);
    const field = page.getByLabel("Manager's e-mail for Ann Same");
    await field.waitFor();
    expect(await field.inputValue()).toBe("");
    await field.fill("ghost@filters.test");
    await page.getByRole("button", { name: "Save Ann Same" }).click();
    await page
      .getByRole("row", { name: /Ann Same/ })
      .getByText("Nobody else has an account at that address; a manager must have signed up.")
      .waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");

    await field.fill("Bea@filters.test");
    await page.getByRole("button", { name: "Save Ann Same" }).click();
    await page.getByText("1 user has unsaved changes").waitFor({ state: "detached" });
    await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toBe("bea@filters.test");
    const [bea] = await story.db.select().from(users).where(eq(users.email, "bea@filters.test"));
    const [ann] = await story.db.select().from(users).where(eq(users.email, "ann@filters.test"));
    expect(ann.managerId).toBe(bea.id);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("while the department list loads, each row shows the person's department, never as off the list", async () => {
    await createDepartment(story.db, { name: "engineering", displayName: "Engineering" });
    const admin = await createAdmin(story.db, { email: "boss-slow-list@hq.test" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/departments", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin");
    await page.getByRole("tab", { name: "User Management" }).click();
    const department = page.getByLabel("Department for Bea Trio");
    await department.waitFor();
    expect(await shownDepartment(department)).toBe("Engineering");
    release();
    await expect.poll(() => department.locator("option").count()).toBeGreaterThan(1);
    expect(await shownDepartment(department)).toBe("Engineering");
    expect(await page.getByRole("table", { name: "Users" }).innerText()).not.toContain(
      "not in this group's list",
    );
  });
});
