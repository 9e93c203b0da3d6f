import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

/** Elements in the dialog whose content is wider than their box (cut off or scrolled). */
function clipped(page: Page) {
  return page
    .getByRole("dialog", { name: "Current Pairings" })
    .evaluate((dialog) =>
      [dialog, ...dialog.querySelectorAll("section, td, th, span, p, label, select")]
        .filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== "inline",
        )
        .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? "").slice(0, 40)}`),
    );
}

let story: Story;
beforeAll(async () => {
  story = await startStory();
  await allowEmail(story.db, "*@pages.test");
});
afterAll(() => story?.close());

describe("View Current Pairings pages through the server", () => {
  it("shows 50 matches a page, goes on by keyboard, and searches and filters on the server", async () => {
    const pairing = await createPairing(story.db, {
      month: new Date().toISOString().slice(0, 7),
      status: "active",
    });
    for (let i = 1; i <= 55; i++) {
      const one = await createUser(story.db, {
        email: `one${i}@pages.test`,
        firstName: `Una${i}`,
        lastName: "Pager",
      });
      const two = await createUser(story.db, {
        email: `two${i}@pages.test`,
        firstName: `Duo${i}`,
        lastName: "Pager",
      });
      await createMatch(story.db, { members: [one, two], pairing });
    }
    const admin = await createAdmin(story.db, { email: "pages-admin@hq.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("button", { name: /View Current Pairings/ }).click();
    const dialog = page.getByRole("dialog", { name: "Current Pairings" });
    await dialog.getByText("55 matches in 1 active pairing").waitFor();
    await dialog.getByText("Showing 1–50 of 55 matches").waitFor();
    expect(await dialog.getByText("Page 1 of 2").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    const next = dialog.getByRole("button", { name: "Next" });
    await next.focus();
    await page.keyboard.press("Enter");
    await dialog.getByText("Showing 51–55 of 55 matches").waitFor();
    await expect.poll(() => dialog.getByRole("table").innerText()).toContain("Una55 Pager");

    await dialog.getByLabel("Search names, e-mails and departments").fill("duo7 pager");
    await dialog.getByText("Showing 1–1 of 1 match").waitFor();
    expect(await dialog.getByRole("table").innerText()).toContain("Una7 Pager");

    await dialog.getByLabel("Show").selectOption({ label: "Left without a partner" });
    await dialog.getByText("No matches fit your search.").waitFor();
  });

  it("fits a group of four and a person left alone at 1280 px and on a phone, nothing cut", async () => {
    const pairing = await createPairing(story.db, { month: "2027-05", status: "active" });
    const person = (first: string) =>
      createUser(story.db, {
        email: `${first.toLowerCase()}.with-a-long-surname@pages.test`,
        firstName: first,
        lastName: "Longsurname-Doublebarrel",
        department: "customer_success",
      });
    const four = [await person("Alexandra"), await person("Bartholomew")];
    four.push(await person("Christabel"), await person("Demetrius"));
    await createMatch(story.db, { members: four, pairing });
    await createMatch(story.db, { members: [await person("Evangeline")], pairing });
    const admin = await createAdmin(story.db, { email: "wide-admin@hq.test" });
    for (const width of [1280, 375]) {
      const page = await story.newPage({ width, height: 900 });
      await story.signInAs(page, admin);
      await page.goto("/admin");
      await page.getByRole("button", { name: /View Current Pairings/ }).click();
      const dialog = page.getByRole("dialog", { name: "Current Pairings" });
      await dialog.getByLabel("Search names, e-mails and departments").fill("longsurname");
      await dialog.getByText("Showing 1–2 of 2 matches").waitFor();
      await dialog.getByText("Left without a partner").last().waitFor();
      expect(await clipped(page), `at ${width} px`).toEqual([]);
      expect(await hasHorizontalScroll(page)).toBe(false);
    }
  });
});
