import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  it("adds a department, then deletes one after confirming, moving its people to Other", async () => {
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
    await page.getByRole("button", { name: /Roastery Inc/ }).click();
    const list = page.getByRole("list", { name: "Departments of Roastery Inc" });
    const tasting = list.getByRole("listitem").filter({ hasText: "Tasting Room" });
    await tasting.waitFor();
    expect(await tasting.innerText()).toContain("1 user");
    const other = list.getByRole("listitem").filter({ hasText: "Default" });
    expect(await other.getByRole("button").count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add Department" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Department" });
    await dialog.getByRole("button", { name: "Add Department" }).click();
    await page
      .getByText("Please select a group and enter both department name and display name.", {
        exact: true,
      })
      .waitFor();
    await dialog.getByLabel("Department Name").fill("  brewing ");
    await dialog.getByLabel("Display Name").fill("Brewing");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Add Department" }).click();
    await list.getByRole("listitem").filter({ hasText: "Brewing" }).waitFor();

    await page.getByRole("button", { name: "Delete Tasting Room" }).click();
    const confirm = page.getByRole("dialog", { name: 'Delete "Tasting Room"?' });
    expect(await confirm.innerText()).toContain("cannot be undone");
    await confirm.getByRole("button", { name: "Delete Department" }).click();
    await tasting.waitFor({ state: "detached" });
    expect(await other.innerText()).toContain("1 user");
  });
});
