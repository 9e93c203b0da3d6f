import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  await allowEmail(story.db, "*@pages.test");
});
afterAll(() => story?.close());

describe("View Current Pairings pages through the server", () => {
  it("shows 50 matches a page, goes on by keyboard, and searches and filters on the server", async () => {
    const pairing = await createPairing(story.db, {
      month: clock.now().toISOString().slice(0, 7),
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
});
