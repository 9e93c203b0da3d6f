import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { interestTags, neverWith, offices, users } from "../src/server/db/schema";
import { createUser } from "../src/server/test/factories";
import { MAX_INTERESTS } from "../src/shared/interests";
import { axeViolations, type Story, startStory } from "./support/harness";

const clock = fixedClock("2027-01-31T12:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock });
});
afterAll(() => story?.close());

describe("never with and how we meet, on the profile", () => {
  it("finds a colleague by name, adds and removes them from the keyboard; saves the office", async () => {
    const me = await createUser(story.db, { department: "Other" });
    const other = await createUser(story.db, { firstName: "Xavi", lastName: "Norberg" });
    const page = await story.newPage({ width: 1280, height: 900 });
    await page.clock.setFixedTime(clock.now());
    await story.signInAs(page, me);
    await page.goto("/profile");
    await page.getByText("Nobody is on your list.").waitFor();

    const search = page.getByLabel("Find a colleague by name");
    await search.fill("norb");
    await search.press("Enter");
    const add = page.getByRole("button", { name: "Add Xavi Norberg" });
    await add.focus();
    await page.keyboard.press("Enter");
    const remove = page.getByRole("button", { name: "Remove Xavi Norberg" });
    await remove.waitFor();
    const listed = () =>
      story.db
        .select()
        .from(neverWith)
        .where(and(eq(neverWith.userId, me.id), eq(neverWith.otherId, other.id)));
    expect(await listed()).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await remove.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Nobody is on your list.").waitFor();
    expect(await listed()).toHaveLength(0);

    await page.getByLabel("In person only").check();
    await page.getByLabel("My office").fill("Berlin");
    const meeting = page.locator("form", { has: page.getByLabel("My office") });
    await meeting.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(
        async () =>
          (await story.db.select().from(users).where(eq(users.id, me.id)))[0]?.office ?? null,
        { timeout: 20_000 },
      )
      .toBe("Berlin");
  });

  it("picks the office from the kept list, chooses interests up to the limit and suggests a tag", async () => {
    await story.db.insert(offices).values([
      { domainGroupId: null, name: "Lisbon" },
      { domainGroupId: null, name: "Oslo" },
    ]);
    const tags = Array.from({ length: MAX_INTERESTS + 1 }, (_, i) => `Tag ${i + 1}`);
    await story.db.insert(interestTags).values(tags.map((name) => ({ name, accepted: true })));
    const me = await createUser(story.db, { department: "Other" });
    const page = await story.newPage({ width: 375, height: 800 });
    await page.clock.setFixedTime(clock.now());
    await story.signInAs(page, me);
    await page.goto("/profile");

    await page.getByLabel("In person only").check();
    await page.getByLabel("My office").selectOption("Oslo");
    const meeting = page.locator("form", { has: page.getByLabel("My office") });
    await meeting.getByRole("button", { name: "Save", exact: true }).click();
    const row = async () => (await story.db.select().from(users).where(eq(users.id, me.id)))[0];
    await expect.poll(async () => (await row())?.office ?? null, { timeout: 20_000 }).toBe("Oslo");

    for (const tag of tags.slice(0, MAX_INTERESTS)) {
      await page.getByRole("checkbox", { name: tag, exact: true }).check();
    }
    expect(
      await page.getByRole("checkbox", { name: tags[MAX_INTERESTS], exact: true }).isDisabled(),
    ).toBe(true);
    await page.getByRole("checkbox", { name: "Tag 1", exact: true }).uncheck();
    await page.getByRole("button", { name: "Save interests" }).click();
    await expect
      .poll(async () => (await row())?.interests ?? [], { timeout: 20_000 })
      .toEqual(tags.slice(1, MAX_INTERESTS));

    await page.getByLabel("Suggest a tag").fill("Birdwatching");
    await page.getByRole("button", { name: "Suggest", exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            await story.db.select().from(interestTags).where(eq(interestTags.name, "Birdwatching"))
          )[0]?.accepted ?? null,
        { timeout: 20_000 },
      )
      .toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
