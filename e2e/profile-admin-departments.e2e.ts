import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interestTags, offices } from "../src/server/db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createGroup,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("the admin Departments tab", () => {
  it("opens on the first group, adds, renames and deletes departments, moving people to Other", async () => {
    const group = await createGroup(story.db, {
      displayName: "Roastery Inc",
      description: "The roasting company",
    });
    await createDepartment(story.db, {
      name: "Other",
      displayName: "Other",
      domainGroupId: group.id,
    });
    await createDepartment(story.db, {
      name: "tasting",
      displayName: "Tasting Room",
      domainGroupId: group.id,
    });
    await allowEmail(story.db, "*@roastery.test", group.id);
    await createUser(story.db, { email: "taster@roastery.test", department: "tasting" });
    const admin = await createAdmin(story.db, { email: "admin@roastery.test" });

    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Departments" }).click();
    const list = page.getByRole("list", { name: "Departments of Roastery Inc" });
    const tasting = list.getByRole("listitem").filter({ hasText: "Tasting Room" });
    await tasting.waitFor();
    await expect.poll(() => tasting.innerText()).toContain("1 person");
    await expect.poll(() => tasting.innerText()).not.toContain("tasting");
    await expect
      .poll(() => page.getByRole("button", { name: /Roastery Inc/ }).getAttribute("aria-pressed"))
      .toBe("true");
    const other = list.getByRole("listitem").filter({ hasText: "Default" });
    await expect.poll(() => other.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Department", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add Department" });
    await dialog.getByRole("button", { name: "Add Department" }).click();
    await page
      .getByText("Please select a group and enter the department's name.", { exact: true })
      .waitFor();
    // One field: the name people read; the stored key is derived on the server.
    expect(await dialog.getByRole("textbox").count()).toBe(1);
    await dialog.getByLabel("Department Name").fill("  Tasting room ");
    await dialog.getByRole("button", { name: "Add Department" }).click();
    await dialog
      .getByText('There is already a department named "Tasting Room" in this group.', {
        exact: true,
      })
      .waitFor();
    // The refusal is said under the field, which has the focus back; one Escape closes the dialog.
    await expect
      .poll(() =>
        dialog.getByLabel("Department Name").evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Add Department", exact: true }).click();
    await dialog.getByLabel("Department Name").fill("Customer Success & Brewing");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Add Department" }).click();
    await list.getByRole("listitem").filter({ hasText: "Customer Success & Brewing" }).waitFor();

    await page.getByRole("button", { name: "Rename Tasting Room" }).click();
    const rename = page.getByRole("dialog", { name: 'Rename "Tasting Room"' });
    await expect.poll(() => rename.getByLabel("Department Name").inputValue()).toBe("Tasting Room");
    await rename.getByLabel("Department Name").fill("Cupping Lab");
    await rename.getByRole("button", { name: "Save Name" }).click();
    const cupping = list.getByRole("listitem").filter({ hasText: "Cupping Lab" });
    await cupping.waitFor();
    await expect.poll(() => cupping.innerText()).toContain("1 person");

    // The metrics chart names the taster's department as people read it, never by its key.
    await page.getByRole("tab", { name: "Analytics & Metrics" }).click();
    const chart = page.getByRole("figure").filter({ hasText: "Users per department" });
    await chart.locator(".recharts-bar-rectangle").first().waitFor();
    const axis = chart.locator(".recharts-yAxis-tick-labels text");
    await expect.poll(() => axis.allTextContents()).toContain("Cupping Lab");
    expect((await axis.allTextContents()).join(" ")).not.toContain("tasting");
    await page.getByRole("tab", { name: "Departments" }).click();

    await page.getByRole("button", { name: "Delete Cupping Lab" }).click();
    const confirm = page.getByRole("dialog", { name: 'Delete "Cupping Lab"?' });
    await expect
      .poll(() => confirm.innerText())
      .toMatch(/will be moved to "Other"|Nobody is in this department/);
    await confirm.getByRole("button", { name: "Delete Department" }).click();
    // An open dialog hides the page behind it from role locators (aria-hidden), so "Cupping Lab is
    // gone" only means something once the dialog has closed; then wait for the refreshed list.
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => list.innerText()).not.toContain("Cupping Lab");
    await expect.poll(() => other.innerText()).toContain("1 person");
  });

  it("keeps the company-wide offices and the interest tags: add, refuse a repeat beside the field, accept, remove", async () => {
    await story.db.insert(interestTags).values([
      { name: "Chess", accepted: false },
      { name: "Jazz", accepted: true },
    ]);
    const admin = await createAdmin(story.db, { email: "keeper@offices.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Departments" }).click();

    const newOffice = page.getByLabel("New office (Company-wide offices)");
    const officeCard = page.locator("form", { has: newOffice });
    await newOffice.fill("Lisbon");
    await officeCard.getByRole("button", { name: "Add office" }).click();
    const list = page.getByRole("list", { name: "Company-wide offices" });
    await list.getByText("Lisbon", { exact: true }).waitFor();
    await newOffice.fill("lisbon");
    await officeCard.getByRole("button", { name: "Add office" }).click();
    await officeCard.getByText("Each office is listed once.").waitFor();
    expect(await newOffice.getAttribute("aria-invalid")).toBe("true");
    const kept = async () =>
      (await story.db.select().from(offices))
        .filter((o) => o.domainGroupId === null)
        .map((o) => o.name);
    await expect.poll(kept, { timeout: 20_000 }).toEqual(["Lisbon"]);

    const tags = page.getByRole("list", { name: "Interest tags" });
    await tags.getByRole("button", { name: "Accept Chess" }).click();
    await expect.poll(() => tags.getByRole("button", { name: "Accept Chess" }).count()).toBe(0);
    const tagRow = async (name: string) =>
      (await story.db.select().from(interestTags).where(eq(interestTags.name, name)))[0];
    expect((await tagRow("Chess"))?.accepted).toBe(true);
    await page.getByLabel("New tag").fill("Pottery");
    await page.getByRole("button", { name: "Add tag" }).click();
    await tags.getByText("Pottery").waitFor();
    await tags.getByRole("button", { name: "Remove Jazz" }).click();
    await expect.poll(() => tags.getByText("Jazz").count()).toBe(0);
    expect(await tagRow("Jazz")).toBeUndefined();
    expect((await tagRow("Pottery"))?.accepted).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
