import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createRunningCompany } from "../src/server/test/factories";
import { formatMatchMonth } from "../src/shared/matches";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

/** Moves the focus with Tab (a bounded number of steps) to the control named `name`. */
async function tabTo(page: Page, name: string) {
  for (let step = 0; step < 120; step++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    if (focused === name) return;
  }
  throw new Error(`No control named "${name}" took the focus`);
}

describe("a partner who leaves mid-round (docs/pairings.md, Waiting for a partner)", () => {
  it("leaves Ada waiting: her dashboard and e-mail say so, and the admin can re-pair her by keyboard", async () => {
    // The running month, as the app and its pages read it.
    const month = clock.now().toISOString().slice(0, 7);
    const period = formatMatchMonth(month);
    const { person, match, domain, pairing } = await createRunningCompany(story.db, {
      name: "Roastery",
      month,
    });
    const ada = await person("Ada", { lastName: "Lovelace" });
    const ben = await person("Ben", { lastName: "Brewer" });
    await match(ada, ben);
    const admin = await createAdmin(story.db, { email: "boss@hq.test" });

    // Ben leaves: the admin deactivates him in User Management; nobody is free for Ada.
    const adminPage = await story.newPage({ width: 1280, height: 900 });
    await story.signInAs(adminPage, admin);
    await adminPage.goto("/admin");
    await adminPage.getByRole("tab", { name: "User Management" }).click();
    const benRow = adminPage.getByRole("row").filter({ hasText: `ben@${domain}` });
    await benRow.getByRole("button", { name: "Deactivate Ben Brewer" }).click();
    const asking = adminPage.getByRole("dialog", { name: /^Deactivate Ben Brewer\?$/ });
    await asking.getByRole("button", { name: "Deactivate", exact: true }).click();
    await adminPage
      .getByText(/^Ben Brewer is deactivated and signed out everywhere\./)
      .first()
      .waitFor();

    // Ada is told by e-mail that her partner left and nobody is free right now.
    const mail = await story.smtp.waitForMessage((m) => m.to.includes(`ada@${domain}`));
    expect(mail.subject).toBe(`Your Cup of Joe match for ${period} has changed`);
    const text = (mail.text ?? "").replace(/\s+/g, " ");
    expect(text).toContain(
      `Ben Brewer can no longer take part in ${period}, so your coffee chat with them is off.`,
    );
    expect(text).toContain("Right now nobody without a partner is free to meet you.");

    // Her dashboard says the same at 375 px: waiting for a partner, not "No Current Match", and
    // Ben is not shown as her partner.
    const adasPage = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(adasPage, ada);
    await adasPage.goto("/home");
    const box = adasPage.getByRole("heading", { name: "Waiting for a partner" });
    await box.waitFor();
    const card = adasPage.locator("main");
    expect(await card.innerText()).toContain(
      `Ben Brewer can no longer take part in ${period}, so that coffee chat is off.`,
    );
    expect(await adasPage.getByText("No Current Match").count()).toBe(0);
    expect(await adasPage.getByRole("heading", { name: "Ben Brewer" }).count()).toBe(0);
    expect(await adasPage.getByText("View match details").count()).toBe(0);
    expect(await hasHorizontalScroll(adasPage)).toBe(false);
    expect(await axeViolations(adasPage)).toEqual([]);

    // The admin's Current Pairings (1280 px) list Ada under "Waiting for a partner", with a
    // Re-pair button the keyboard reaches.
    await adminPage.getByRole("tab", { name: "Operations" }).click();
    const waiting = adminPage.getByRole("region", {
      name: `Waiting for a partner: ${pairing.name}`,
    });
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain("Ada Lovelace");
    expect(await waiting.innerText()).toContain("was with Ben Brewer");
    const rePair = waiting.getByRole("button", { name: "Re-pair Ada Lovelace" });
    await rePair.waitFor();
    await adminPage.locator("body").focus();
    await tabTo(adminPage, "Re-pair Ada Lovelace");
    await adminPage.keyboard.press("Enter");
    const confirm = adminPage.getByRole("dialog", { name: "Re-pair Ada Lovelace?" });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain("Ada Lovelace was with Ben Brewer (left).");
    await adminPage.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    expect(await hasHorizontalScroll(adminPage)).toBe(false);
    expect(await axeViolations(adminPage)).toEqual([]);
  });
});
