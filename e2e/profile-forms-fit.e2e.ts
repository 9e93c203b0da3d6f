import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, createWhitelistedGroup } from "../src/server/test/factories";
import { BIO_MAX } from "../src/shared/profile";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// The profile's forms on a phone and a laptop: the working hours stay inside their card and show
// whole times, each day's error stays beside it, every one at once, and the bio counts its
// characters instead of cutting them off.
let story: Story;
beforeAll(async () => {
  story = await startStory();
  await createWhitelistedGroup(story.db, { displayName: "Fit Co", domain: "fit.test" });
});
afterAll(() => story?.close());

/**
 * Every time of the card lies inside the card, is wide enough to show a whole time and its arrow,
 * and shows it on the 24-hour clock the rest of the app writes ("16:00", never "04:00 PM").
 */
async function timesFitTheCard(page: Page) {
  const card = page
    .getByRole("heading", { name: "Time zone and working hours" })
    .locator("xpath=ancestor::div[contains(@class, 'rounded-xl')][1]");
  const box = await card.boundingBox();
  if (!box) throw new Error("no card");
  const times = page.getByLabel(/: no chats (before|after)$/);
  expect(await times.count()).toBeGreaterThan(0);
  for (const time of await times.all()) {
    const at = await time.boundingBox();
    if (!at) throw new Error("no time box");
    expect(at.x).toBeGreaterThanOrEqual(box.x);
    expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    const shown = await time.evaluate((el: HTMLSelectElement) => el.selectedOptions[0].text);
    expect(shown).toMatch(/^([01]\d|2[0-4]):[0-5]\d$/);
    // An empty twin of the field, as wide as the text it shows needs in its font.
    const needed = await time.evaluate((el: HTMLSelectElement) => {
      const probe = document.createElement("span");
      const style = getComputedStyle(el);
      probe.style.font = style.font;
      probe.textContent = el.selectedOptions[0].text;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      // The right padding holds the arrow.
      return width + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
    });
    expect(at.width, "the field shows a whole time").toBeGreaterThan(needed);
  }
}

describe("the profile's forms", () => {
  for (const width of [375, 1280]) {
    it(`fit their cards and keep every error beside its field (${width} px)`, async () => {
      const user = await createUser(story.db, {
        email: `fit${width}@fit.test`,
        firstName: "Fay",
        lastName: "Fit",
        department: "eng",
        timeZone: "Europe/Berlin",
        timeZoneConfirmed: true,
        workingHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: "08:00", end: "16:00" })),
      });
      const page = await story.newPage({ width, height: 900 });
      await story.signInAs(page, user);
      await page.goto("/profile");
      const monday = page.getByLabel("Monday: no chats after");
      await monday.waitFor();
      await monday.scrollIntoViewIfNeeded();
      await timesFitTheCard(page);
      expect(await hasHorizontalScroll(page)).toBe(false);

      // Two days wrong at once: both errors, each beside its own day.
      await monday.selectOption("07:00");
      await page.getByLabel("Tuesday: no chats after").selectOption("06:00");
      const mondayError = page.getByText("Monday's hours must end after they start.");
      const tuesdayError = page.getByText("Tuesday's hours must end after they start.");
      await mondayError.waitFor();
      await tuesdayError.waitFor();
      expect(await monday.getAttribute("aria-invalid")).toBe("true");
      expect(await monday.getAttribute("aria-describedby")).toBe(
        await mondayError.getAttribute("id"),
      );
      expect(
        await page.getByRole("button", { name: "Save time zone and hours" }).isDisabled(),
      ).toBe(true);
      await timesFitTheCard(page);
      expect(await axeViolations(page)).toEqual([]);

      // The bio is not cut: it counts, and says how much is too much.
      await page.getByRole("button", { name: "Edit Profile" }).click();
      const bio = page.getByLabel("Bio (optional)");
      await bio.fill("x".repeat(BIO_MAX + 12));
      expect((await bio.inputValue()).length).toBe(BIO_MAX + 12);
      await page.getByText(`${BIO_MAX + 12} of ${BIO_MAX} characters: 12 too many`).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  }
});
