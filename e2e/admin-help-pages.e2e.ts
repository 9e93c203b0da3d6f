import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../src/server/test/factories";
import { HELP_INDEX_PATH, helpPath, helpSlugs } from "../src/shared/help-pages";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

/** The page fits the screen and passes axe. */
async function expectFitsAndClean(page: Page) {
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
}

describe("help pages: the docs an admin and the people need, served by the app", () => {
  it("opens help from the admin console, follows a link between pages, and a section link", async () => {
    const admin = await createAdmin(story.db, { email: "help@roast.test", firstName: "Hana" });
    // One page at both widths: its second load is in a renderer that has shown the app.
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, admin);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin");
      await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
      await page.getByRole("main").getByRole("link", { name: "Help", exact: true }).click();

      await page.waitForURL("**/help");
      const forAdmins = page.getByRole("region", { name: "For admins running the programme" });
      await forAdmins
        .getByRole("link", { name: /Monthly pairings: generating, placing and re-pairing/ })
        .waitFor();
      await expectFitsAndClean(page);

      await forAdmins
        .getByRole("link", { name: /The month runs itself: scheduled rounds/ })
        .click();
      await page.waitForURL("**/help/rounds");
      await page
        .getByRole("heading", { name: "The month runs itself: scheduled rounds", level: 1 })
        .waitFor();
      expect(await page.title()).toBe(
        "The month runs itself: scheduled rounds - Help | Cup of Joe",
      );
      await expectFitsAndClean(page);

      // A link between pages (check-ins.md#quiet-people) stays in the app, at its section.
      await page.getByRole("link", { name: "Quiet people", exact: true }).first().click();
      await page.waitForURL("**/help/check-ins#quiet-people");
      const quiet = page.getByRole("heading", { name: "Quiet people", level: 2 });
      await quiet.waitFor();
      await expect
        .poll(() => quiet.evaluate((h) => h.getBoundingClientRect().top))
        .toBeLessThan(900);
      await page.getByRole("link", { name: "All help pages" }).click();
      await page.waitForURL("**/help");
      await page.getByRole("heading", { name: "Help", level: 1 }).waitFor();
    }
  });

  it("leads from a card's topic to its section, and from the public footer to the index", async () => {
    const admin = await createAdmin(story.db, { email: "cards@roast.test", firstName: "Cem" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin/channels");
    await page.getByRole("link", { name: "setting up the Slack app" }).click();
    await page.waitForURL("**/help/chat#setting-up-the-slack-app");
    await page.getByRole("heading", { name: "Setting up the Slack app", level: 2 }).waitFor();

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Help" }).click();
    await page.waitForURL("**/help");
    await page.getByRole("region", { name: "For everyone taking part" }).waitFor();
  });

  it("fits every help page on a phone with no code or API paths; the admin and chat pages are axe-clean", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    // Each page by its link in the index, as a reader goes, and back: a route change in the app
    // instead of a full load per page (every-page-answers.e2e.ts loads each address itself).
    await page.goto(HELP_INDEX_PATH);
    for (const slug of helpSlugs) {
      await page.locator(`main a[href="${helpPath(slug)}"]`).click();
      await page.waitForURL(`**${helpPath(slug)}`);
      await page.locator("article h1").waitFor();
      expect(await hasHorizontalScroll(page), slug).toBe(false);
      if (slug === "admin-console" || slug === "chat") {
        expect(await axeViolations(page), slug).toEqual([]);
      }
      // Written for the people who read it: what to do, no code or API paths.
      expect(await page.locator("article code").count(), slug).toBe(0);
      expect(await page.locator("article").innerText(), slug).not.toMatch(/\/api\/|src\//);
      if (slug === "admin-console") {
        await page
          .getByRole("heading", { name: "Running the programme: the admin dashboard", level: 1 })
          .waitFor();
        await page.getByRole("heading", { name: "Your first month", level: 2 }).waitFor();
      }
      if (slug === "pairings") {
        await page.getByRole("heading", { name: "Placing someone by hand", level: 3 }).waitFor();
      }
      await page.getByRole("link", { name: "All help pages" }).click();
      await page.getByRole("heading", { name: "Help", level: 1 }).waitFor();
    }
  });

  it("shows the not-found page for a document that is not a help page", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    const res = await page.goto("/help/architecture");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found", level: 1 }).waitFor();
    await expectFitsAndClean(page);
  });
});
