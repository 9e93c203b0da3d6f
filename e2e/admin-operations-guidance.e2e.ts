import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail, createAdmin, createGroup, createUser } from "../src/server/test/factories";
import {
  axeViolations,
  downloadedText,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

async function groupWithPeople(name: string, displayName: string) {
  const group = await createGroup(story.db, { name, displayName });
  const domain = `${name}.test`;
  await allowEmail(story.db, `*@${domain}`, group.id);
  for (const [first, department] of [
    ["Ada", "engineering"],
    ["Ben", "sales"],
    ["Cleo", "design"],
  ]) {
    await createUser(story.db, {
      email: `${first.toLowerCase()}.very-long-surname-for-wrapping@${domain}`,
      firstName: first,
      lastName: "Guide",
      department,
    });
  }
  await createUser(story.db, {
    email: `pat@${domain}`,
    firstName: "Pat",
    lastName: "Paused",
    participationStatus: "paused",
  });
  await createUser(story.db, {
    email: `olly@${domain}`,
    firstName: "Olly",
    lastName: "Out",
    participationStatus: "opted_out",
  });
  await createUser(story.db, { email: `lee@${domain}`, employeeStatus: "on_leave" });
  await createUser(story.db, {
    email: `new.starter@${domain}`,
    firstName: null,
    lastName: null,
    needsProfileSetup: true,
  });
  return group;
}

describe("the Operations tab guides the month", () => {
  it("says who is excluded and why, opens the names, and reads an odd count as a trio", async () => {
    await groupWithPeople("guide", "Guide Co");
    const admin = await createAdmin(story.db, { email: "boss@guide-hq.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    const select = page.getByLabel("Pairing group");
    await select.locator("option", { hasText: "Guide Co (guide)" }).waitFor({ state: "attached" });
    await select.selectOption({ label: "Guide Co (guide)" });
    const box = page.getByRole("region", { name: "Pairing eligibility" });
    const reasons = box.getByRole("list", { name: "Excluded people by reason" });
    await reasons.waitFor();
    expect(
      (await reasons.getByRole("listitem").allTextContents()).map((t) => t.replace(/\s+/g, " ")),
    ).toEqual([
      "Opted out1: show the names",
      "Paused1: show the names",
      "Profile not set up1: show the names",
      "On leave1: show the names",
    ]);
    // An odd count under the trio policy: the engine's dry run makes a trio, nobody sits out.
    expect(await box.innerText()).toMatch(
      /If you generate now:\s*1 match: everyone ready gets a partner/,
    );
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await reasons.getByRole("button", { name: /^Paused/ }).click();
    const names = page.getByRole("dialog", { name: "Paused" });
    await names.getByText("Pat Paused").waitFor();
    expect(await names.innerText()).toContain("pat@guide.test");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await reasons.getByRole("button", { name: /^Profile not set up/ }).click();
    await page
      .getByRole("dialog", { name: "Profile not set up" })
      .getByText("new.starter")
      .first()
      .waitFor();
  });

  it("confirms month and group before generating, and shows the pairings as a searchable table with CSV", async () => {
    await groupWithPeople("table", "Table Co");
    const admin = await createAdmin(story.db, { email: "boss2@guide-hq.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    const select = page.getByLabel("Pairing group");
    await select.locator("option", { hasText: "Table Co (table)" }).waitFor({ state: "attached" });
    await select.selectOption({ label: "Table Co (table)" });
    await page.getByRole("button", { name: "Generate Monthly Pairings" }).click();
    const month = clock.now().toLocaleString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const confirm = page.getByRole("dialog", { name: `Generate ${month} pairings for Table Co?` });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: `Generate ${month} pairings` }).click();
    await page.getByText("Generated 1 match for Table Co", { exact: true }).waitFor();

    const current = page.getByRole("region", { name: "Current pairings" });
    await current.getByText(`${month} – Table Co`, { exact: true }).waitFor();
    expect(await current.getByText(`${month} – Table Co`).count()).toBe(1);
    const remove = current.getByRole("button", { name: /^Delete / });
    expect(await remove.getAttribute("class")).not.toContain("bg-red");

    await page.getByRole("button", { name: "View Current Pairings (1)" }).click();
    const overlay = page.getByRole("dialog", { name: "Current Pairings" });
    const table = overlay.getByRole("table");
    await table.waitFor();
    const text = await table.innerText();
    for (const name of ["Ada Guide", "Ben Guide", "Cleo Guide"]) expect(text).toContain(name);
    expect(text).toContain("Active");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await overlay.getByLabel("Search names, e-mails and departments").fill("nobody-here");
    await overlay.getByText("No matches fit your search.").waitFor();
    await overlay.getByLabel("Search names, e-mails and departments").fill("ben sales");
    await overlay.getByText("Showing 1–1 of 1 match").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      overlay.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = await downloadedText(download);
    expect(csv.split("\r\n")[0]).toContain("person1_name,person1_email");
    expect(csv).toContain("Ben Guide");
    expect(csv).toContain("Table Co");

    await page.keyboard.press("Escape");
    await remove.click();
    const sure = page.getByRole("dialog", { name: `Delete ${month} – Table Co?` });
    await sure.getByRole("button", { name: "Delete Pairing" }).click();
    await current.waitFor({ state: "detached" });
  });

  it("keeps the dashboard's layout with a skeleton while the admin check runs", async () => {
    const admin = await createAdmin(story.db, { email: "boss3@guide-hq.test" });
    const page = await story.newPage();
    await story.signInAs(page, admin);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/session", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin");
    await page.locator('[aria-busy="true"]').waitFor();
    expect(
      await page.getByRole("status").filter({ hasText: "Loading admin dashboard..." }).count(),
    ).toBe(1);
    expect(await page.locator(".animate-spin").count()).toBe(0);
    release();
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
  });

  it("lists the whitelist before its add forms and counts a *@domain entry as a domain", async () => {
    const group = await createGroup(story.db, { name: "wl", displayName: "Whitelist Co" });
    await allowEmail(story.db, "*@wl.test", group.id);
    await allowEmail(story.db, "solo@wl.test", group.id);
    const admin = await createAdmin(story.db, { email: "boss4@guide-hq.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Email Whitelist" }).click();
    const entries = page.getByRole("heading", { name: /^Whitelisted Emails/ });
    await expect.poll(() => entries.innerText()).toMatch(/\d+ address(es)?, \d+ domains?\)$/);
    const groupLine = page.getByText(/^wl · /);
    expect(await groupLine.innerText()).toBe("wl · 1 address, 1 domain");
    const addForm = page.getByLabel("Email or *@domain");
    const [listTop, formTop] = await Promise.all([
      entries.evaluate((el) => el.getBoundingClientRect().top),
      addForm.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(listTop).toBeLessThan(formTop);
    expect(await addForm.getAttribute("placeholder")).toMatch(/^e\.g\. /);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows the first 20 whitelist entries of an imported company, and all of them on request", async () => {
    for (let i = 0; i < 25; i++) await allowEmail(story.db, `person${i}@many.test`);
    const admin = await createAdmin(story.db, { email: "boss5@guide-hq.test" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Email Whitelist" }).click();
    const showAll = page.getByRole("button", { name: /^Show all \d+ entries$/ });
    await showAll.waitFor();
    const total = Number((await showAll.innerText()).match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(25);
    const rows = page.getByRole("combobox", { name: /^Group for / });
    expect(await rows.count()).toBe(20);
    // The add forms and the invitations follow the shortened list, not hundreds of rows.
    const addMany = page.getByRole("heading", { name: "Add Many People" });
    expect(await addMany.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(3000);
    expect(await axeViolations(page)).toEqual([]);
    await showAll.click();
    await expect.poll(() => rows.count()).toBe(total);
    const showFewer = page.getByRole("button", { name: "Show only the first 20" });
    expect(await showFewer.getAttribute("aria-expanded")).toBe("true");
  });
});
