import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { createCompanyWidePeople } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// A company of 200 in no domain group, in Berlin, New York and Tokyo, each working 09:00–17:00 in
// their office's zone on 5 March 2027. Tokyo has one person, whose day ends as Berlin's begins
// and never meets New York's.
const clock = fixedClock("2027-03-05T09:00:00Z");
const domain = "cities200.test";
const OFFICES = [
  { office: "Berlin", timeZone: "Europe/Berlin" },
  { office: "New York", timeZone: "America/New_York" },
];
const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
let story: Story;
let admin: { id: string };

beforeAll(async () => {
  story = await startStory({ clock });
  const names = Array.from({ length: 200 }, (_, i) => `p${String(i).padStart(3, "0")}`);
  const company = await createCompanyWidePeople(story.db, domain, names, (name) => ({
    ...(name === "p199"
      ? { office: "Tokyo", timeZone: "Asia/Tokyo" }
      : OFFICES[Number(name.slice(1)) % 2]),
    workingHours: WEEKDAYS,
  }));
  admin = company.admin;
}, 120_000);
afterAll(() => story?.close());

describe("an office that shares no working time with anyone is named before generating", () => {
  it("warns in the eligibility check, in plain words, at 375 and 1280 px", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    // Loaded once at a phone's width, then widened with the check on screen: the layout follows
    // the width, so a second load at 1280 px would draw (and the server count) the same again.
    await page.goto("/admin");
    const box = page.getByRole("region", { name: "Pairing eligibility" });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(async () => (await box.innerText()).replace(/\s+/g, " "), { timeout: 60_000 })
        .toContain(
          "Working hours: 1 person in Tokyo shares no working hours with anyone they can be matched with (less than 1 hour in the next two weeks): they will sit out unless their working hours, or those of people they can meet, overlap more.",
        );
      expect(await box.innerText()).toMatch(
        /If you generate now:\s*99 matches: 1 of 200 people sits out/,
      );
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
