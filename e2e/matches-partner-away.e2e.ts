import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { createRunningCompany } from "../src/server/test/factories";
import { roundMemberEndpoints } from "../src/shared/endpoints/round-members";
import {
  answerDrawn,
  axeViolations,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

// The March 2027 round runs from Monday 1 March; its first half ends on 17 March
// (docs/matches.md, "My partner is away").
const clock = fixedClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

/** Ada's March match with Grace in a domain group of their own, and Sam without a partner. */
async function adaWithMatch() {
  const { person, match } = await createRunningCompany(story.db, { name: "Away" });
  const me = await person("Ada", { lastName: "Lovelace" });
  const grace = await person("Grace", { lastName: "Hopper" });
  const sam = await person("Sam", { lastName: "Free" });
  await match(me, grace);
  return { me, grace, sam };
}

describe("an employee whose partner is away", () => {
  it("says so from the match card, is asked first, and gets a new partner by e-mail", async () => {
    clock.set("2027-03-10T09:00:00Z");
    const { me, sam } = await adaWithMatch();
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, me);
    await page.goto("/matches");
    const current = page.getByRole("region", { name: "Current match" });
    await current.getByRole("heading", { name: "Grace Hopper" }).waitFor();

    // Keyboard only: focus the button, open the dialog, cancel it, then confirm.
    const away = current.getByRole("button", { name: "My partner is away" });
    await current
      .getByText("You can tell us a partner is away until Wednesday, March 17.")
      .waitFor();
    await away.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Is Grace Hopper away this month?" });
    await dialog.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await current.getByRole("heading", { name: "Grace Hopper" }).waitFor();

    await away.click();
    await dialog.getByRole("button", { name: "Yes, Grace Hopper is away" }).click();
    await page
      .getByText("Thanks for telling us. Your new coffee chat partner for March 2027 is Sam Free.")
      .first()
      .waitFor();
    await current.getByRole("heading", { name: "Sam Free" }).waitFor();
    const mail = await story.smtp.waitForMessage((m) => m.to.includes(sam.email));
    expect(mail.text).toContain("Ada Lovelace is your new coffee chat partner for March 2027.");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("is not offered the button in the second half of the month, when a report no longer works", async () => {
    const { me } = await adaWithMatch();
    clock.set("2027-03-20T09:00:00Z");
    const page = await story.newPage();
    await story.signInAs(page, me);
    // The button waits for the away status, asked once the match is shown: the absence is
    // checked once that answer is drawn.
    await answerDrawn(page, roundMemberEndpoints.awayStatus.path, () => page.goto("/matches"));
    const current = page.getByRole("region", { name: "Current match" });
    await current.getByRole("heading", { name: "Grace Hopper" }).waitFor();
    expect(await current.getByRole("button", { name: "My partner is away" }).count()).toBe(0);
    expect(await current.getByText("You can tell us a partner is away").count()).toBe(0);
  });
});
