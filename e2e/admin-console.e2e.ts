import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { isEmployeeSql } from "../src/server/db/employee";
import { users } from "../src/server/db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// The last day of January: the previous month, which the trend chart shows, is in the year before.
const clock = fixedClock("2027-01-31T12:00:00Z");
let story: Story;
let brewGroupId: number;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  const group = await createGroup(story.db, { name: "brew", displayName: "Brew Co" });
  brewGroupId = group.id;
  for (const [name, displayName] of [
    ["Other", "Other"],
    ["sales", "Sales"],
    ["engineering", "Engineering"],
  ]) {
    await createDepartment(story.db, { name, displayName, domainGroupId: group.id });
  }
  await allowEmail(story.db, "*@brew.test", group.id);
  const ada = await createUser(story.db, {
    email: "ada@brew.test",
    firstName: "Ada",
    lastName: "Lovelace",
    department: "engineering",
  });
  const ben = await createUser(story.db, {
    email: "ben@brew.test",
    firstName: "Ben",
    lastName: "Brewer",
    department: "sales",
  });
  for (const [i, firstName] of ["Cleo", "Dev", "Eve", "Finn"].entries()) {
    await createUser(story.db, {
      email: `${firstName.toLowerCase()}@brew.test`,
      firstName,
      lastName: "Roaster",
      department: i % 2 ? "sales" : "engineering",
      participationStatus: i === 0 ? "paused" : i === 1 ? "opted_out" : "active",
    });
  }
  const month = clock.now().toISOString().slice(0, 7);
  await createMatch(story.db, { members: [ada, ben], month });
  const [year, m] = month.split("-").map(Number);
  const previous = `${m === 1 ? year - 1 : year}-${String(m === 1 ? 12 : m - 1).padStart(2, "0")}`;
  const earlier = await createPairing(story.db, { month: previous, status: "completed" });
  await createMatch(story.db, { members: [ada, ben], pairing: earlier, status: "completed" });
});
afterAll(() => story?.close());

async function openTab(width: number, tab: string) {
  const admin = await createAdmin(story.db, {
    email: `boss${width}${tab.length}@hq.test`,
    needsProfileSetup: true,
  });
  const page = await story.newPage({ width, height: 900 });
  await story.signInAs(page, admin);
  await page.goto("/admin");
  await page.getByRole("tab", { name: tab }).click();
  return page;
}

/** How many lines an element's text is drawn on: its text's boxes at distinct heights. */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const tops = new Set<number>();
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const box of range.getClientRects()) if (box.width > 0) tops.add(Math.round(box.top));
    }
    return tops.size;
  });
}

function scrollsSideways(box: Locator): Promise<boolean> {
  return box.evaluate((node) => node.scrollWidth > node.clientWidth);
}

/** Whether a select's chosen option is drawn whole, beside its arrow. */
function choiceFits(select: Locator): Promise<boolean> {
  return select.evaluate((node: HTMLSelectElement) => {
    const style = getComputedStyle(node);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(node.selectedOptions[0]?.text ?? "").width <= room;
  });
}

describe("an admin manages users on the User Management tab", () => {
  it("searches, edits a status and a department inline, and saves the row", async () => {
    const page = await openTab(375, "User Management");
    // The six employees: the admin who never made a profile is none (docs/admin-console.md).
    await page.getByText("Showing all 6 users").waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Search users").fill("ROASTER");
    await page.getByText("Showing all 4 users").waitFor();
    await page.getByLabel("Search users").fill("nobody-here");
    await page.getByText("No users match your search criteria").waitFor();
    await page.getByLabel("Search users").fill("lovelace");
    await page.getByText("Showing 1 user").waitFor();
    const card = page.getByRole("listitem").filter({ hasText: "ada@brew.test" });
    expect(await card.innerText()).toContain("Ben Brewer");

    await card.getByRole("button", { name: "Save Ada Lovelace" }).click();
    await page.getByText("No changes to save for this user", { exact: true }).waitFor();

    await page.getByLabel("Status for Ada Lovelace").selectOption("paused");
    await page.getByLabel("Department for Ada Lovelace").selectOption({ label: "Sales" });
    await card.getByText("Unsaved changes").waitFor();
    await page.getByText("1 user has unsaved changes").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole("button", { name: "Save Ada Lovelace" }).click();
    await page.getByText("User updated successfully", { exact: true }).waitFor();
    await card.getByText("Unsaved changes").waitFor({ state: "detached" });

    const [saved] = await story.db.select().from(users).where(eq(users.email, "ada@brew.test"));
    expect(saved).toMatchObject({ participationStatus: "paused", department: "sales" });
    expect(saved.pauseEndDate).not.toBeNull();

    await page.getByLabel("Search users").fill("");
    await page.getByLabel("Status", { exact: true }).selectOption("paused");
    await page.getByText("Showing all 2 users").waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it("shows the table with every column on a wide screen, each work address on one line", async () => {
    // An address as long as most of the sample company's, in a department with a longer name.
    const address = "margaret.hamilton@brew.test";
    await createDepartment(story.db, {
      name: "customer-success",
      displayName: "Customer Success",
      domainGroupId: brewGroupId,
    });
    await createUser(story.db, {
      email: address,
      firstName: "Margaret",
      lastName: "Hamilton",
      department: "customer-success",
    });
    const page = await openTab(1280, "User Management");
    const table = page.getByRole("table", { name: "Users" });
    await table.getByRole("rowheader", { name: /Ben Brewer/ }).waitFor();
    const headers = await table.getByRole("columnheader").allInnerTexts();
    expect(headers).toEqual([
      "Name",
      "Work Email",
      "Status",
      "Department\nand manager's e-mail",
      "Current Match",
      "Actions",
    ]);
    const cell = table.getByRole("cell", { name: address });
    const department = page.getByLabel("Department for Margaret Hamilton");
    await expect.poll(() => department.inputValue()).toBe("customer-success");
    const erase = table.getByRole("button", { name: "Erase Margaret Hamilton" });
    // At 1280 px and down to 1024 px every column fits: neither the page nor the table's own box
    // scrolls sideways, the row's last action is in view, its address takes one line and its
    // department's name is read whole.
    for (const width of [1280, 1150, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => scrollsSideways(table.locator(".."))).toBe(false);
      expect(await hasHorizontalScroll(page)).toBe(false);
      const right = await erase.evaluate((node) => node.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(width);
      expect(await linesOf(cell)).toBe(1);
      expect(await choiceFits(department)).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("an admin reads the Analytics & Metrics tab", () => {
  it("draws the status, department and trend charts with text alternatives", async () => {
    const page = await openTab(375, "Analytics & Metrics");
    const status = page.getByRole("figure").filter({ hasText: "Participation status of" });
    // Each read is retried until the charts and their tables have drawn what is asserted: on a
    // busy machine a chart's surface can be there before its data.
    await status.locator("svg.recharts-surface").waitFor();
    await expect.poll(() => status.getByRole("table").innerText()).toMatch(/Opted Out\s+1\s+/);
    const departments = page.getByRole("figure").filter({ hasText: "Users per department" });
    await departments.locator(".recharts-bar-rectangle").first().waitFor();
    // The chart names the department as people read it, never by its key.
    const departmentRows = () => departments.getByRole("table").innerText();
    await expect.poll(departmentRows).toMatch(/Engineering/);
    expect(await departmentRows()).not.toMatch(/\bengineering\b/);
    await expect
      .poll(() => page.getByText("Participation Rate").locator("..").innerText())
      .toMatch(/%/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // The period is Matching Performance's own: its toggle is there, not above every section.
    expect(await page.getByRole("button", { name: "Previous Months" }).count()).toBe(0);
    await page.getByRole("tab", { name: "Matching Performance" }).click();
    await page
      .getByRole("group", { name: "Matching Performance period" })
      .getByRole("button", { name: "Previous Months" })
      .click();
    const trend = page.getByRole("figure").filter({ hasText: "Success rate per month" });
    await trend.locator(".recharts-line-curve").waitFor();
    await expect.poll(() => trend.getByRole("table").innerText()).toMatch(/100%\s+1\s+1/);
    // The axis's top label, "100%", is drawn whole inside the chart.
    const topLabel = trend.locator(".recharts-yAxis-tick-labels text").filter({ hasText: "100%" });
    await topLabel.waitFor();
    const surface = await trend.locator("svg.recharts-surface").boundingBox();
    const top = await topLabel.boundingBox();
    expect(surface && top && top.y >= surface.y && top.x >= surface.x).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page
      .getByRole("tablist", { name: "Metrics sections" })
      .getByRole("tab", { name: "Operations" })
      .click();
    await page.getByText("Email service").waitFor();
    await page.getByText(/^SMTP \(127\.0\.0\.1\)$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const sections = page.getByRole("tablist", { name: "Metrics sections" });
    await sections.getByRole("tab", { name: "Engagement" }).click();
    const retention = page.getByText("Retention rate").locator("..");
    // Employees only: an admin who never made a profile takes no part (docs/admin-console.md).
    const everyone = await story.db
      .select({ status: users.participationStatus })
      .from(users)
      .where(isEmployeeSql);
    const staying = everyone.filter((u) => u.status !== "opted_out").length;
    const rate = Math.round((staying / everyone.length) * 1000) / 10;
    await expect
      .poll(() => retention.innerText())
      .toContain(`${String(rate).replace(/\.0$/, "")}%`);
    expect(await axeViolations(page)).toEqual([]);
    await sections.getByRole("tab", { name: "Matching Performance" }).click();
    await page.getByRole("button", { name: "Current Month" }).click();
    await page.getByRole("heading", { name: "Pairing Quality" }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
