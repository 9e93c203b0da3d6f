import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { createCompanyWidePeople, createMatch } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// A company of 200 in Berlin and Lisbon on 10 March 2027. Ada (in person, Berlin) is paired with
// Grace (either way, Berlin); Ann, Bo and Cy (Lisbon, Bo online only) meet as a group. Each sees,
// on the home card and on My Coffee Matches, how they meet and what they share, in the intro
// e-mail's words, and nothing a partner chose that they did not.
const clock = fixedClock("2027-03-10T09:00:00Z");
const domain = "together200.test";
const chosen: Record<string, object> = {
  ada: { firstName: "Ada", meetWay: "in-person", office: "Berlin", interests: ["climbing", "tea"] },
  grace: {
    firstName: "Grace",
    meetWay: "either",
    office: "Berlin",
    interests: ["chess", "climbing"],
  },
  ann: { firstName: "Ann", meetWay: "either", office: "Lisbon", interests: ["tea", "chess"] },
  bo: { firstName: "Bo", meetWay: "online", office: "Lisbon", interests: ["tea", "chess", "jazz"] },
  cy: { firstName: "Cy", meetWay: "either", office: "Lisbon", interests: ["tea", "jazz"] },
};
let story: Story;
let people: Record<string, { id: string; email: string }>;

beforeAll(async () => {
  story = await startStory({ clock });
  const others = Array.from({ length: 195 }, (_, i) => `p${String(i).padStart(3, "0")}`);
  const names = [...Object.keys(chosen), ...others];
  const company = await createCompanyWidePeople(story.db, domain, names, (name) => ({
    office: Number(name.slice(1)) % 2 ? "Berlin" : "Lisbon",
    ...chosen[name],
  }));
  people = Object.fromEntries(names.map((name, i) => [name, company.people[i]]));
  await createMatch(story.db, { members: [people.grace, people.ada] });
  await createMatch(story.db, { members: [people.bo, people.cy, people.ann] });
}, 120_000);
afterAll(() => story?.close());

const squashed = (text: string) => text.replace(/\s+/g, " ");

describe("the current match says how its members meet and what they share", () => {
  it.each([
    {
      who: "ada",
      lines: ["In person at the Berlin office", "You both like climbing."],
      hidden: ["chess"],
    },
    {
      who: "ann",
      lines: ["Online", "You all like tea. You and Bo both like chess."],
      hidden: ["jazz"],
    },
  ])("for $who on the home card and on My Coffee Matches, at 375 and 1280 px", async (c) => {
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, people[c.who]);
    // Each page is loaded once at a phone's width, then widened to 1280 px and read again: the
    // layout follows the width, so a second load would draw the same.
    for (const path of ["/home", "/matches"]) {
      await page.goto(path);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const together = page.getByRole("list", { name: "How you meet and what you share" });
        await together.waitFor();
        const text = squashed(await together.innerText());
        for (const line of c.lines) expect(text, `${path} ${width}px`).toContain(line);
        for (const word of c.hidden)
          expect(await page.locator("main").innerText()).not.toContain(word);
        expect(await hasHorizontalScroll(page), `${path} ${width}px`).toBe(false);
        expect(await axeViolations(page), `${path} ${width}px`).toEqual([]);
      }
    }
  });
});
