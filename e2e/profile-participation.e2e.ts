import { format, parseISO } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch, createUser } from "../src/server/test/factories";
import { addMonthsToIsoDate, isoDateOf } from "../src/shared/participation";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("participation", () => {
  it("pausing for one month shows the Paused badge with its date", async () => {
    const user = await createUser(story.db, { department: "Other" });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("heading", { name: "Coffee Chat Participation" }).waitFor();
    await page.getByText("Active", { exact: true }).waitFor();
    const mug = page.getByRole("img", { name: /^Participation:/ });
    await page.locator('svg[data-fill="100"]').waitFor();
    await page.getByTestId("mug-steam").waitFor();
    // Steam and bubbles move for a few seconds, then stop (WCAG 2.2.2: within 5 s).
    const lastFrame = await mug.evaluate((svg) =>
      Math.max(
        ...svg
          .getAnimations({ subtree: true })
          .map((a) => a.effect?.getComputedTiming().endTime as number),
      ),
    );
    expect(lastFrame).toBeGreaterThan(0);
    expect(lastFrame).toBeLessThanOrEqual(5000);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Pause 1 Month" }).click();
    const ask = page.getByRole("dialog", { name: "Pause for 1 month?" });
    await ask.getByText(/You are not paired until /).waitFor();
    await ask.getByRole("button", { name: "Pause" }).click();
    await page.getByText("Participation status updated successfully!", { exact: true }).waitFor();
    await page.getByText("Paused", { exact: true }).waitFor();
    const end = addMonthsToIsoDate(isoDateOf(new Date()), 1);
    await page
      .getByText(`Until ${format(parseISO(end), "MMM d, yyyy")}`, { exact: true })
      .waitFor();
    const fill = async () => Number(await mug.getAttribute("data-target-fill"));
    await expect.poll(fill).toBeGreaterThanOrEqual(10);
    await expect.poll(fill).toBeLessThanOrEqual(50);
    await expect.poll(() => page.getByTestId("mug-steam").count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Pause 3 Months" }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // Still paused after a reload: the server kept it.
    await page.reload();
    await page.getByText("Paused", { exact: true }).waitFor();

    await page.getByRole("button", { name: "Reactivate" }).click();
    await page.getByText("Active", { exact: true }).waitFor();
    await page.getByTestId("mug-steam").waitFor();
  });

  it("opting out asks once, says the partner is told, empties the mug and shows the grey badge", async () => {
    const user = await createUser(story.db, { department: "Other" });
    const partner = await createUser(story.db, { firstName: "Pat", lastName: "Partner" });
    await createMatch(story.db, { members: [user, partner] });
    const page = await story.newPage();
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Opt Out" }).click();
    const ask = page.getByRole("dialog", { name: "Opt out of coffee chats?" });
    await ask
      .getByText(
        "You also leave your current match with Pat Partner: they are told by e-mail and get a new partner if someone is free.",
        { exact: false },
      )
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole("button", { name: "Opt out" }).click();
    await page.getByText("Opted Out", { exact: true }).waitFor();
    await page.locator('svg[data-fill="0"][data-target-fill="0"]').waitFor();
    await expect.poll(() => page.getByTestId("mug-bubbles").count()).toBe(0);
  });
});
