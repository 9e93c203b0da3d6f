import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { allowEmail, createAdmin, createUser } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// docs/profile.md: everyone without working hours of their own follows the company's default,
// which the admin sets on the admin page.
const clock = fixedClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

describe("an admin changing the company's default working hours", () => {
  it("saves them, and a person who joins afterwards has them as their own", async () => {
    await allowEmail(story.db, "*@hours.test");
    const admin = await createAdmin(story.db, { email: "boss@hours.test" });
    const page = await story.newPage();
    await story.signInAs(page, admin);
    await page.goto("/admin");
    const summary = page.getByTestId("default-hours-summary");
    await summary.filter({ hasText: "Monday–Friday, 09:00–17:00" }).waitFor();
    await page.getByRole("button", { name: "Change default hours" }).click();
    await page.getByLabel("Monday: no chats before").selectOption("10:00");
    await page.getByRole("checkbox", { name: "Friday" }).uncheck();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save default hours" }).click();
    await page.getByRole("button", { name: "Save default hours" }).waitFor({ state: "detached" });
    await expect.poll(() => summary.innerText()).toContain("10:00");
    expect(await summary.innerText()).not.toContain("Friday");

    // A new person, on a phone: the profile shows the company's new hours as theirs.
    const ana = await createUser(story.db, { email: "ana@hours.test", firstName: "Ana" });
    // The admin is done: the same browser, signed out and cleared, is the new person's phone.
    const phone = await story.reusePage(page, { width: 375, height: 800 });
    await story.signInAs(phone, ana);
    await phone.goto("/profile");
    const follows = phone.getByRole("checkbox", { name: "Use the company's working hours" });
    await follows.waitFor();
    expect(await follows.isChecked()).toBe(true);
    expect(await phone.getByLabel("Monday: no chats before").inputValue()).toBe("10:00");
    expect(await phone.getByLabel("Tuesday: no chats before").inputValue()).toBe("09:00");
    expect(await phone.getByRole("checkbox", { name: "Friday" }).isChecked()).toBe(false);
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);
  });
});
