import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAccount } from "../src/server/auth/sign-in-account";
import { allowedEmails, users } from "../src/server/db/schema";
import { allowEmail, createMatch, createUser } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// Monday 11 January 2027, 08:00 UTC: the app and each page read this clock.
const clock = runningClock("2027-01-11T08:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

/** Whether an element lies wholly inside the window. */
const inView = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
};

async function pairAcrossTheOcean() {
  const ana = await createUser(story.db, {
    firstName: "Ana",
    lastName: "Berger",
    timeZone: "Europe/Berlin",
    timeZoneConfirmed: true,
    workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: "10:00", end: "18:00" })),
  });
  const bo = await createUser(story.db, { firstName: "Bo", lastName: "Lee" });
  await createMatch(story.db, { members: [ana, bo] });
  return { ana, bo };
}

describe("an employee in San Francisco matched with a colleague in Berlin", () => {
  for (const width of [375, 1280]) {
    it(`confirms the browser's zone and sees Ana's hours in their own (${width} px)`, async () => {
      const { bo } = await pairAcrossTheOcean();
      const page = await story.newPage({ width, timezoneId: "America/Los_Angeles" });
      await story.signInAs(page, bo);
      // Bo has not confirmed a zone: the match's times are the company's zone's, and it says so.
      await page.goto("/matches");
      const note = page.getByText(
        "The times here are in UTC, a time zone you have not confirmed yet.",
      );
      await note.waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("link", { name: "Confirm your time zone on your Profile" }).click();
      const question = page.getByRole("heading", {
        name: "Is your time zone Pacific Time (America/Los Angeles)?",
      });
      await question.waitFor();
      // The link leads to the question itself, not the top of a long page.
      await expect.poll(() => question.evaluate(inView)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      // The list shows the zone asked about, not the company's, and the question follows the list.
      const zoneList = page.getByRole("combobox", { name: "Time zone" });
      expect(await zoneList.inputValue()).toBe("America/Los_Angeles");
      await zoneList.selectOption("Europe/Berlin");
      await page
        .getByRole("heading", { name: "Is your time zone Central European Time (Europe/Berlin)?" })
        .waitFor();
      await page.getByText("You chose it in the list below.").waitFor();
      await zoneList.selectOption("America/Los_Angeles");
      await question.waitFor();
      await page.getByText("Your browser says so.").waitFor();
      await page.getByRole("button", { name: "Yes, that's my time zone" }).click();
      // The zone as people read it, never its identifier with an underscore.
      await page
        .getByText("Your time zone is Pacific Time (America/Los Angeles).")
        .first()
        .waitFor();
      await question.waitFor({ state: "detached" });
      await expect
        .poll(() => page.getByRole("combobox", { name: "Time zone" }).inputValue())
        .toBe("America/Los_Angeles");
      // Chromium lists Asia/Calcutta: the picker lists it by its current name, found by both.
      for (const typed of ["kolk", "calcutta"]) {
        await page.getByRole("searchbox", { name: "Search time zones" }).fill(typed);
        await expect.poll(() => page.getByText("2 zones", { exact: true }).count()).toBe(1);
        const zones = page.getByRole("combobox", { name: "Time zone" }).locator("option");
        expect(await zones.allInnerTexts()).toContain("India Standard Time (Asia/Kolkata)");
      }
      for (const name of ["Kyiv", "Ho Chi Minh"]) {
        await page.getByRole("searchbox", { name: "Search time zones" }).fill(name);
        await expect.poll(() => page.getByText("2 zones", { exact: true }).count()).toBe(1);
      }
      expect(await hasHorizontalScroll(page)).toBe(false);

      await page.goto("/matches");
      await page
        .getByText(
          "Ana's 10:00 Central European Time (Europe/Berlin) is your 01:00; Ana's 18:00 is your 09:00.",
        )
        .waitFor();
      expect(await note.count()).toBe(0);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  it("shows and saves an old zone name (Asia/Calcutta) by its current one (Asia/Kolkata)", async () => {
    const raj = await createUser(story.db, {
      firstName: "Raj",
      timeZone: "Asia/Calcutta",
      timeZoneConfirmed: true,
    });
    const page = await story.newPage({ width: 375, timezoneId: "Asia/Calcutta" });
    await story.signInAs(page, raj);
    await page.goto("/profile");
    await expect
      .poll(() => page.getByRole("combobox", { name: "Time zone" }).inputValue())
      .toBe("Asia/Kolkata");
    await page.getByRole("button", { name: "Save time zone and hours" }).click();
    await page.getByText("Your time zone is India Standard Time (Asia/Kolkata).").first().waitFor();
    const [saved] = await story.db.select().from(users).where(eq(users.id, raj.id));
    expect(saved.timeZone).toBe("Asia/Kolkata");
  });

  it("proposes the zone an HR import kept, not the browser's, once the profile is set up", async () => {
    const entry = await allowEmail(story.db, "kenji@tokyo.test");
    await story.db
      .update(allowedEmails)
      .set({ timeZone: "Asia/Tokyo" })
      .where(eq(allowedEmails.id, entry.id));
    const kenji = await signInAccount(story.db, "kenji@tokyo.test", "code", clock.now());
    // Their profile set up and saved: the card's question comes next.
    await story.db
      .update(users)
      .set({ firstName: "Kenji", lastName: "Sato", needsProfileSetup: false })
      .where(eq(users.id, kenji.id));
    const page = await story.newPage({ width: 375, timezoneId: "Europe/Berlin" });
    await story.signInAs(page, kenji);
    await page.goto("/profile");
    await page
      .getByRole("heading", { name: "Is your time zone Japan Standard Time (Asia/Tokyo)?" })
      .waitFor();
    await page.getByText("Your company's records say so.").waitFor();
    await page.getByRole("button", { name: "Yes, that's my time zone" }).click();
    await page.getByText("Your time zone is Japan Standard Time (Asia/Tokyo).").first().waitFor();
    const [saved] = await story.db.select().from(users).where(eq(users.id, kenji.id));
    expect([saved.timeZone, saved.timeZoneConfirmed]).toEqual(["Asia/Tokyo", true]);
  });
});
