import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAccount } from "../src/server/auth/sign-in-account";
import { allowEmail, createAdmin, createDepartment } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

const HR_EXPORT = [
  "Email,First Name,Last Name,Department,Employee ID",
  "ada@hr.test,Ada,Lovelace,Research,E1",
  "bob@hr,Bob,Builder,Research,E2",
  "kept@hr.test,Kept,Here,,E3",
  "cy@hr.test,Cy,Young,Marketing,E4",
].join("\n");

describe("an HR team adds the company at once", () => {
  it("previews an HR export row by row, adds the good rows and lists each bad one", async () => {
    await createDepartment(story.db, { name: "research", displayName: "Research" });
    await allowEmail(story.db, "kept@hr.test");
    const admin = await createAdmin(story.db, { email: "hr-admin@hr.test" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/whitelist");
    await page.getByLabel("HR export (CSV file)").setInputFiles({
      name: "export.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(HR_EXPORT),
    });
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("table", { name: "What happens to each row" });
    await preview.waitFor();
    await expect
      .poll(() => page.getByText(/will be added, .* already on the whitelist/).innerText())
      .toBe("2 will be added, 1 already on the whitelist, 1 cannot be added");
    const rows = await preview.locator("tbody tr").allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, " ").trim())).toEqual([
      "2 ada@hr.test Will be added: Ada Lovelace, Research",
      "3 bob@hr Cannot add: Not a valid e-mail address",
      "4 kept@hr.test Already there",
      `5 cy@hr.test Will be added: Cy Young (without a department: "Marketing" is not one of the company's departments; add it under Departments to use it)`,
    ]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Add 2 addresses" }).click();
    await page.getByText("Import done").waitFor();
    const notAdded = page.getByRole("region", { name: "Rows not added" });
    expect(await notAdded.getByRole("listitem").allInnerTexts()).toEqual([
      "Row 3 (bob@hr): Not a valid e-mail address",
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // Ada signs in for the first time: her profile starts with what HR knew.
    const ada = await signInAccount(story.db, "ada@hr.test", "code", new Date());
    const adaPage = await story.reusePage(page, { width: 375, height: 800 });
    await story.signInAs(adaPage, ada);
    await adaPage.goto("/profile");
    await expect.poll(() => adaPage.getByLabel("First Name").inputValue()).toBe("Ada");
    expect(await adaPage.getByLabel("Last Name").inputValue()).toBe("Lovelace");
  });

  it("takes pasted addresses on a phone", async () => {
    const admin = await createAdmin(story.db, { email: "phone-admin@hr.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin/whitelist");
    await page
      .getByLabel("Or paste addresses or the CSV")
      .fill("dee@hr.test, eve@hr.test\nnot-an-address\nada@hr.test");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByRole("table", { name: "What happens to each row" }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Add 2 addresses" }).click();
    await expect.poll(() => page.getByText("Import done").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Import done" }).innerText())
      .toContain("2 added, 1 already on the whitelist, 1 not added");
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
