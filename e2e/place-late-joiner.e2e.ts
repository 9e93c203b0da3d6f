import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMessages, pairings } from "../src/server/db/schema";
import { generatePairing } from "../src/server/pairings/generate/generate-pairing";
import { createCompanyWidePeople, createUser } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// A company of 200 in no domain group; the month's pairing is generated on 2027-03-10, then
// people sign up and set up their profile (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
const domain = "late200.test";
let story: Story;
let admin: { id: string };

beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  const names = Array.from({ length: 200 }, (_, i) => `p${String(i).padStart(3, "0")}`);
  const company = await createCompanyWidePeople(story.db, domain, names, (name) => ({
    firstName: name.toUpperCase(),
    lastName: "Early",
  }));
  admin = company.admin;
}, 120_000);
afterAll(() => story?.close());

const JOINED_LATE = (name: string) =>
  `${name} — Joined after the pairings were made: ${name} was not ready to be paired when they were made.`;

/** Signs up someone new after the pairing was made, profile set up. */
const joinLate = (first: string) =>
  createUser(story.db, {
    email: `${first.toLowerCase()}@${domain}`,
    firstName: first,
    lastName: "Late",
  });

/** The Operations tab's list of the pairing's people without a match. */
async function openList(page: Page, pairingName: string): Promise<Locator> {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Operations" }).click();
  const list = page.getByRole("region", { name: `Sat out: ${pairingName}` });
  await list.waitFor({ timeout: 60_000 });
  return list;
}

/** Chooses the first match with room offered to `name`, and asks to place them. */
async function placeIntoAMatch(page: Page, list: Locator, name: string) {
  const select = list.getByLabel(`Where to place ${name}`);
  await expect
    .poll(() => select.locator("option", { hasText: /^Join / }).count(), { timeout: 60_000 })
    .toBeGreaterThan(0);
  const label = await select
    .locator("option", { hasText: /^Join / })
    .first()
    .innerText();
  await select.selectOption({ label });
  await list.getByRole("button", { name: `Place ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Place ${name}?` });
  await dialog.waitFor();
  return dialog;
}

const changeMailsTo = async (email: string) =>
  story.db
    .select()
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.kind, "match-change"), eq(outgoingMessages.recipient, email)));

describe("someone who joins after the month's pairings were made (docs/pairings.md)", () => {
  it("is listed with who sat out and placed from the pairings page, told only once announced", async () => {
    const made = await generatePairing(story.server.app.ctx, {
      ...admin,
      email: `boss@${domain}`,
      firstName: "Boss",
      lastName: "Admin",
    });
    const lena = await joinLate("Lena");

    // At phone width the list names her with the reason, stacked, nothing wider than the screen.
    const phone = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(phone, admin);
    const small = await openList(phone, made.name);
    await expect
      .poll(() => small.innerText(), { timeout: 60_000 })
      .toContain(JOINED_LATE("Lena Late"));
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);

    // Before the announcement the placement is silent: she reads her match with everyone else's.
    const page = await story.reusePage(phone, { width: 1280, height: 900 });
    await story.signInAs(page, admin);
    const list = await openList(page, made.name);
    const dialog = await placeIntoAMatch(page, list, "Lena Late");
    expect(await dialog.innerText()).toContain("Nobody is e-mailed now");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: /^Place/ }).click();
    await page
      .getByText(/^Lena Late now joins /)
      .first()
      .waitFor();
    // The list is drawn without her, or not at all once nobody else sat out.
    await expect.poll(() => list.filter({ hasText: "Lena Late" }).count()).toBe(0);
    expect(await changeMailsTo(lena.email)).toEqual([]);

    // Once announced, the next late joiner placed gets the e-mail a placed sit-out gets.
    await story.db
      .update(pairings)
      .set({ announcedAt: clock.now() })
      .where(eq(pairings.id, made.pairingId));
    const max = await joinLate("Max");
    const again = await openList(page, made.name);
    await expect
      .poll(() => again.innerText(), { timeout: 60_000 })
      .toContain(JOINED_LATE("Max Late"));
    const told = await placeIntoAMatch(page, again, "Max Late");
    expect(await told.innerText()).toContain("Everyone whose match changes is told by e-mail.");
    await told.getByRole("button", { name: /^Place/ }).click();
    const mail = await story.smtp.waitForMessage((m) => m.to.includes(max.email));
    expect(mail.subject).toBe("Your Cup of Joe match for March 2027 has changed");
    expect(mail.text).toMatch(/You join .+ for a coffee chat in March 2027/);
  });
});
