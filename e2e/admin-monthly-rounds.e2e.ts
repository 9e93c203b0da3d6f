import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { runDueSteps } from "../src/server/jobs/definitions/round-steps";
import { allowEmail, createAdmin, createUser } from "../src/server/test/factories";
import {
  axeViolations,
  closeWithEscape,
  dialogHoldsFocus,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

// The March 2027 round: drafted on Friday 26 February at 09:00 (UTC), published Monday 1 March
// (docs/rounds.md, "When").
const clock = fixedClock("2027-02-20T00:00:00Z");
let story: Story;
let admin: { id: string };

beforeAll(async () => {
  story = await startStory({ clock });
  await allowEmail(story.db, "*@rounds.test");
  admin = await createAdmin(story.db, {
    email: "boss@rounds.test",
    participationStatus: "opted_out",
  });
  for (const [first, department] of [
    ["Ada", "engineering"],
    ["Ben", "sales"],
    ["Cleo", "design"],
    ["Dan", "finance"],
  ]) {
    await createUser(story.db, {
      email: `${first.toLowerCase()}@rounds.test`,
      firstName: first,
      lastName: "Round",
      department,
    });
  }
  // Alone in her department and asking for same-department chats: the draft leaves her out.
  await createUser(story.db, {
    email: "fay@rounds.test",
    firstName: "Fay",
    lastName: "Round",
    department: "legal",
    matchingPreference: "same-department",
  });
  // Meets only in person, and nobody else is at the Lisbon office: kept apart by her own rule.
  await createUser(story.db, {
    email: "gil@rounds.test",
    firstName: "Gil",
    lastName: "Round",
    department: "engineering",
    meetWay: "in-person",
    office: "Lisbon",
  });
  const ctx = story.server.app.ctx;
  await runDueSteps(ctx);
  clock.set("2027-02-26T10:00:00Z");
  await runDueSteps(ctx);
});
afterAll(() => story?.close());

async function roundsPage(width = 1280) {
  const page = await story.newPage({ width, height: 900 });
  await story.signInAs(page, admin);
  await page.goto("/admin");
  await page.getByRole("heading", { name: /^This round: March 2027/ }).waitFor();
  return { page };
}

describe("the Operations tab's Monthly rounds", () => {
  it("shows each round's dated steps and the draft in review; swap, regenerate and skip", async () => {
    const { page } = await roundsPage(375);
    const thisRound = page
      .locator("div", { has: page.getByRole("heading", { name: /^This round: March 2027/ }) })
      .last();
    const steps = (await thisRound.getByRole("listitem").allInnerTexts()).map((t) =>
      t.replace(/\s+/g, " "),
    );
    // A done step is dated when it ran: the job first looked at 10:00, after the draft fell due.
    expect(steps[0]).toMatch(/^Draft \(admins review\) Fri, Feb 26, 10:00 UTC Done/);
    expect(steps[1]).toMatch(
      /^Published \(members told\) Mon, Mar 1, 09:00 UTC (Planned|Scheduled)/,
    );
    await page
      .getByRole("heading", { name: "Next round: April 2027 (pairing day Monday, April 5)" })
      .waitFor();
    await page.getByText(/asks "Did you meet\?" a week later and is completed when/).waitFor();
    const draft = page.getByRole("heading", {
      name: "Draft for March 2027: members see nothing until it is published",
    });
    await draft.waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    const panel = page.locator("div", { has: draft }).last();
    const satOut = panel.getByRole("region", { name: "Sat out" });
    expect((await satOut.getByRole("listitem").allInnerTexts()).sort()).toEqual([
      expect.stringMatching(/^Fay Round — .*legal/i),
      expect.stringMatching(/^Gil Round — Nobody Gil Round could meet shares a way to meet/),
    ]);
    // The count by personal rules, in the eligibility forecast's words.
    await satOut
      .getByText(
        "Personal rules: 1 person sat out by their own rules (never with, manager, way to meet), sharing no way to meet with anyone free.",
      )
      .waitFor();
    const drafted = async () =>
      (await panel.getByRole("list").first().getByRole("listitem").allInnerTexts()).map((m) =>
        m.split(" · "),
      );
    // Swap the first person of the first pair with the first of the second pair.
    const [first, second] = await drafted();
    await panel.getByLabel("Swap").selectOption({ label: first[0] });
    await panel.getByLabel("with").selectOption({ label: second[0] });
    await panel.getByRole("button", { name: "Swap", exact: true }).click();
    await expect
      .poll(async () =>
        (await drafted()).some((m) => m.includes(second[0]) && m.includes(first[1])),
      )
      .toBe(true);

    // Regenerate asks first; Cancel keeps the draft.
    await page.getByRole("button", { name: "Regenerate" }).click();
    const ask = page.getByRole("dialog", { name: "Regenerate the draft?" });
    await ask.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Regenerate" }).click();
    await ask.getByRole("button", { name: "Regenerate" }).click();
    await ask.waitFor({ state: "detached" });
    // Done when its toast shows. A toast is a dismissable layer too: one that opened over the next
    // dialog would take that dialog's Escape.
    await page.getByText(/^Regenerated the .* draft: \d+ matches\.$/).waitFor();
    await draft.waitFor();

    // Skip asks first, with the keyboard: Escape keeps the month, Enter on the confirm skips it.
    await page.getByRole("button", { name: "Skip the month" }).focus();
    await page.keyboard.press("Enter");
    const skip = page.getByRole("dialog", { name: "Skip this month?" });
    await dialogHoldsFocus(skip);
    await closeWithEscape(skip);
    await draft.waitFor();
    await page.getByRole("button", { name: "Skip the month" }).click();
    await skip.getByRole("button", { name: "Skip the month" }).focus();
    await page.keyboard.press("Enter");
    await draft.waitFor({ state: "detached" });
    // The publish is called off; the month has no pairing.
    await expect
      .poll(async () =>
        (await thisRound.getByRole("listitem").nth(1).innerText()).replace(/\s+/g, " "),
      )
      .toMatch(/^Published \(members told\) Mon, Mar 1, 09:00 UTC Skipped/);
  });

  it("saves a scope's settings and refuses bad input with the reason", async () => {
    const { page } = await roundsPage(375);
    const summary = page.getByText("Settings for Everyone", { exact: true });
    await summary.focus();
    await page.keyboard.press("Enter");
    const form = page.getByRole("form", { name: "Round settings for Everyone" });
    await form.waitFor();

    // Two wrong fields: both errors at once, each beside its own field.
    await form.getByLabel("Review days before the pairing day").fill("30");
    await form.getByLabel("Check-in days after the pairing day").fill("40");
    await form.getByRole("button", { name: "Save settings" }).click();
    const reviewError = form.getByText("The review window is 0 to 14 days.");
    const checkInError = form.getByText("The check-in comes 1 to 21 days after the pairing day.");
    await reviewError.waitFor();
    await checkInError.waitFor();
    expect(
      await form.getByLabel("Check-in days after the pairing day").getAttribute("aria-describedby"),
    ).toBe(await checkInError.getAttribute("id"));
    await form.getByLabel("Check-in days after the pairing day").fill("7");

    await form.getByLabel("Review days before the pairing day").fill("5");
    await form.getByLabel("Pairing day", { exact: true }).selectOption({ label: "One fixed date" });
    await form.getByRole("button", { name: "Save settings" }).click();
    await form.getByText("Choose the pairing date.").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A Saturday, and its check-in seven days on a Saturday too: warned beside each field, with
    // the review days' error shown at the same time.
    await form.getByLabel("Review days before the pairing day").fill("30");
    await form.getByLabel("Date", { exact: true }).fill("2027-04-17");
    await form.getByRole("button", { name: "Save settings" }).click();
    const pairingWarning = form.getByText("The pairing day falls on a weekend (Saturday).");
    const checkInWarning = form.getByText("The check-in day falls on a weekend (Saturday).");
    await pairingWarning.waitFor();
    await checkInWarning.waitFor();
    await form.getByText("The review window is 0 to 14 days.").waitFor();
    expect(
      await form.getByLabel("Check-in days after the pairing day").getAttribute("aria-describedby"),
    ).toBe(await checkInWarning.getAttribute("id"));
    expect(await form.getByLabel("Date", { exact: true }).getAttribute("aria-describedby")).toBe(
      await pairingWarning.getAttribute("id"),
    );
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel("Review days before the pairing day").fill("5");

    await form.getByLabel("Date", { exact: true }).fill("2027-04-14");
    await pairingWarning.waitFor({ state: "detached" });
    await checkInWarning.waitFor({ state: "detached" });
    await form.getByLabel("Date", { exact: true }).press("Enter");
    await page.getByText("Round settings saved.").first().waitFor();
    await page
      .getByRole("heading", { name: "Next round: April 2027 (pairing day Wednesday, April 14)" })
      .waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
