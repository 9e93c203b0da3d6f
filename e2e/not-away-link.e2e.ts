import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { activities } from "../src/server/db/schema";
import { NOT_AWAY_KIND } from "../src/server/pairings/current/away-reports";
import { createRunningCompany } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// docs/matches.md, "My partner is away": the e-mail's "I'm not away" link opens a page that
// changes nothing (mail scanners open links); only its button puts the person back.
const clock = fixedClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

describe("someone a partner reported away", () => {
  it("opens the e-mail's link, which changes nothing, and presses I'm not away to be back in", async () => {
    const { person, match } = await createRunningCompany(story.db, { name: "Scanner" });
    const ada = await person("Ada", { lastName: "Lovelace" });
    const grace = await person("Grace", { lastName: "Hopper" });
    await person("Sam", { lastName: "Free" });
    await match(ada, grace);

    const reporter = await story.newPage();
    await story.signInAs(reporter, ada);
    await reporter.goto("/matches");
    const current = reporter.getByRole("region", { name: "Current match" });
    await current.getByRole("button", { name: "My partner is away" }).click();
    await reporter.getByRole("button", { name: "Yes, Grace Hopper is away" }).click();
    await current.getByRole("heading", { name: "Sam Free" }).waitFor();

    const mail = await story.smtp.waitForMessage(
      (m) => m.to.includes(grace.email) && m.text.includes("/not-away?token="),
    );
    const link = new URL(/https?:\/\/\S+\/not-away\?token=[^\s>\]]+/.exec(mail.text)?.[0] ?? "");
    const backIns = async () =>
      (
        await story.db
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.kind, NOT_AWAY_KIND), eq(activities.userId, grace.id)))
      ).length;

    // Not signed in, on a phone; opened twice, as a mail scanner and then Grace would.
    // The reporter is done: the same browser, signed out and cleared, is Grace's phone.
    const page = await story.reusePage(reporter, { width: 375, height: 800 });
    for (let opened = 0; opened < 2; opened++) {
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole("heading", { name: "Not away this month?" }).waitFor();
    }
    expect(await backIns()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "I'm not away" }).click();
    await page.getByText("You're back in").waitFor();
    expect(await backIns()).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
