import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthSecret } from "../src/server/app-secret";
import { askCheckIns } from "../src/server/check-ins/ask-check-ins";
import { stillInQuestions } from "../src/server/db/schema";
import { signLinkToken } from "../src/server/mail/signed-links";
import { allowEmail, createMatch, createPairing, createUser } from "../src/server/test/factories";
import { storedAnswers } from "../src/server/test/stored-match";
import { NOT_YET_NO_REMINDER } from "../src/shared/check-in-answers";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-20 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-20T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  await allowEmail(story.db, "*@checkin.test");
});
afterAll(() => story?.close());

/**
 * A running pairing of Ada and Ben (or Ada and each of `partners`, e.g. a match of four), checked
 * in: the path of Ada's "Met" link from her e-mail.
 */
async function checkInLink(first: string, choice = "met", partners = [["Ben", "Byron"]]) {
  const ada = await createUser(story.db, { email: `${first}@checkin.test`, firstName: first });
  const others = [];
  for (const [i, [firstName, lastName]] of partners.entries()) {
    others.push(
      await createUser(story.db, {
        email: `${first}-partner${i}@checkin.test`,
        firstName,
        lastName,
      }),
    );
  }
  const pairing = await createPairing(story.db, { month: "2027-03" });
  const match = await createMatch(story.db, { members: [ada, ...others], pairing });
  await askCheckIns(story.server.app.ctx, { pairingId: pairing.id });
  const mail = await story.smtp.waitForMessage((m) => m.to[0] === `${first}@checkin.test`);
  const found = mail.text.match(new RegExp(`<(https?://[^>]+&choice=${choice})>`));
  if (!found) throw new Error(`No ${choice} link in the check-in e-mail`);
  const url = new URL(found[1]);
  return { path: `${url.pathname}${url.search}`, match };
}

const firstAnswer = async (id: number) => (await storedAnswers(story.db, id))[0];

describe("the check-in page", () => {
  it("opens from the e-mail on a phone, shows the choice, and records Met only when pressed", async () => {
    const { path, match } = await checkInLink("ada");
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto(path);
    await page.getByRole("heading", { name: "Did you meet Ben Byron?" }).waitFor();
    for (const name of ["Met", "Not yet", "Skip this month"]) {
      await page.getByRole("button", { name }).waitFor();
    }
    expect(await firstAnswer(match.id)).toBeNull();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Met" }).click();
    await page.getByText("Thank you! Your coffee chat counts as met.").waitFor();
    expect(await firstAnswer(match.id)).toBe("met");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("is used with the keyboard: the e-mail's choice has the focus and Enter records it", async () => {
    const { path, match } = await checkInLink("cat", "skip");
    const page = await story.newPage();
    await page.goto(path);
    await page.getByRole("heading", { name: "Did you meet Ben Byron?" }).waitFor();
    const focused = page.locator(":focus");
    expect(await focused.textContent()).toBe("Skip this month");
    await page.keyboard.press("Shift+Tab");
    expect(await focused.textContent()).toBe("Not yet");
    await page.keyboard.press("Enter");
    // A pairing with no round reminder ahead: the page says nobody asks again.
    await page.getByText(NOT_YET_NO_REMINDER).waitFor();
    expect(await firstAnswer(match.id)).toBe("not_yet");
  });

  it("asks a member of a match of four about all three others and records only their answer", async () => {
    const { path, match } = await checkInLink("dot", "met", [
      ["Ben", "Byron"],
      ["Cleo", "Curie"],
      ["Dev", "Dirac"],
    ]);
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto(path);
    await page
      .getByRole("heading", { name: "Did you meet Ben Byron, Cleo Curie and Dev Dirac?" })
      .waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole("button", { name: "Met" }).click();
    await page.getByText("Thank you! Your coffee chat counts as met.").waitFor();
    expect(await storedAnswers(story.db, match.id)).toEqual(["met", null, null, null]);
  });

  it("explains a broken link", async () => {
    const page = await story.newPage();
    await page.goto("/check-in?token=not-a-real-token");
    await page.getByText("This link does not work").waitFor();
    await page.getByText(/This check-in link is not valid/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("the still-up-for-coffee-chats page", () => {
  it("offers stay in, pause or opt out, and records only the press", async () => {
    const quinn = await createUser(story.db, { email: "quinn@checkin.test", firstName: "Quinn" });
    const [question] = await story.db
      .insert(stillInQuestions)
      .values({
        userId: quinn.id,
        scopeKey: "all",
        silentMonths: ["2027-01", "2027-02", "2027-03"],
        askedAt: clock.now(),
      })
      .returning();
    const token = signLinkToken(await getAuthSecret(story.server.app.ctx), "still-in", {
      userId: quinn.id,
      id: question.id,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto(`/still-in?token=${encodeURIComponent(token)}`);
    await page.getByText(/Hi Quinn, we have not heard from you/).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    const open = async () =>
      (
        await story.db.select().from(stillInQuestions).where(eq(stillInQuestions.id, question.id))
      )[0];
    expect((await open()).answeredAt).toBeNull();

    await page.getByRole("button", { name: "Yes, keep me in" }).click();
    await page.getByText("Great! You are back in the next coffee chat round.").waitFor();
    expect((await open()).choice).toBe("stay_in");
  });
});
