import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { allowedEmails, users } from "../src/server/db/schema";
import {
  allowEmail,
  createAdmin,
  createDepartment,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

const clock = fixedClock("2027-02-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

async function departmentOf(email: string) {
  const [row] = await story.db.select().from(users).where(eq(users.email, email));
  return row.department;
}

describe("a company without domain groups tidies its departments", () => {
  it("renames, merges and removes company departments, saying first who each touches", async () => {
    await createDepartment(story.db, { name: "qa", displayName: "QA" });
    await createDepartment(story.db, { name: "eng", displayName: "Engineering" });
    await createDepartment(story.db, { name: "legal", displayName: "Legal" });
    await allowEmail(story.db, "*@beans.test");
    await createUser(story.db, {
      email: "tess@beans.test",
      department: "qa",
      matchingPreference: "same-department",
    });
    await createUser(story.db, { email: "lou@beans.test", department: "legal" });
    const pending = await allowEmail(story.db, "nia@beans.test");
    await story.db
      .update(allowedEmails)
      .set({ department: "qa" })
      .where(eq(allowedEmails.id, pending.id));
    const admin = await createAdmin(story.db, { email: "admin@beans.test" });

    // One page at both widths: its second load is in a renderer that has shown the app.
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, admin);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/departments");
      await page.getByRole("heading", { name: "Company departments" }).waitFor();
      const list = page.getByRole("list", { name: "Company departments" });
      await list.getByRole("listitem").filter({ hasText: "QA" }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      // Merge: the impact names the target once it is chosen.
      await page.getByRole("button", { name: "Merge QA" }).click();
      const merge = page.getByRole("dialog", { name: 'Merge "QA"' });
      await merge.getByRole("button", { name: "Merge Departments" }).click();
      await merge.getByText("Please choose the department to merge into.").waitFor();
      await merge.getByLabel("Merge into").selectOption({ label: "Engineering" });
      await expect
        .poll(() => merge.innerText())
        .toContain('1 person and 1 person not signed up yet will be moved to "Engineering".');
      expect(await merge.innerText()).toContain(
        '1 of them chose to meet only their own department: from the next pairing that is "Engineering".',
      );
      expect(await axeViolations(page)).toEqual([]);
      if (width === 375) {
        // The first pass looks and cancels; the second one merges.
        await page.keyboard.press("Escape");
        await merge.waitFor({ state: "detached" });
        continue;
      }
      await merge.getByRole("button", { name: "Merge Departments" }).click();
      await merge.waitFor({ state: "detached" });
      await expect.poll(() => list.innerText()).not.toContain("QA");
      await expect
        .poll(() => list.getByRole("listitem").filter({ hasText: "Engineering" }).innerText())
        .toContain("1 person");
      expect(await departmentOf("tess@beans.test")).toBe("eng");

      // Rename: the people keep their department.
      await page.getByRole("button", { name: "Rename Engineering" }).click();
      const rename = page.getByRole("dialog", { name: 'Rename "Engineering"' });
      await expect
        .poll(() => rename.innerText())
        .toContain("1 person and 1 person not signed up yet keep this department");
      await rename.getByLabel("Department Name").fill("Product Engineering");
      await rename.getByRole("button", { name: "Save Name" }).click();
      await list.getByRole("listitem").filter({ hasText: "Product Engineering" }).waitFor();

      // Remove: its people go to Other.
      await page.getByRole("button", { name: "Delete Legal" }).click();
      const remove = page.getByRole("dialog", { name: 'Delete "Legal"?' });
      await expect.poll(() => remove.innerText()).toContain('1 person will be moved to "Other".');
      expect(await axeViolations(page)).toEqual([]);
      await remove.getByRole("button", { name: "Delete Department" }).click();
      await remove.waitFor({ state: "detached" });
      await expect.poll(() => list.innerText()).not.toContain("Legal");
      await expect
        .poll(() => list.getByRole("listitem").filter({ hasText: "Other" }).innerText())
        .toContain("1 person");
      expect(await departmentOf("lou@beans.test")).toBe("Other");
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
