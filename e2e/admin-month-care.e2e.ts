import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allowEmail,
  createAdmin,
  createGroup,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import {
  axeViolations,
  focusIsOn,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

/** Moves the focus with Tab (at most a few steps) to the control reading `text`, then Enter. */
async function pressByKeyboard(page: Page, text: string) {
  for (let step = 0; step < 8; step++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === text) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`No control reading "${text}" took the focus`);
}

/** Opens a confirmation from a button with the keyboard (focus, Enter), and returns the dialog. */
async function ask(page: Page, button: Locator, dialogName: RegExp) {
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.waitFor();
  return dialog;
}

describe("an admin looks after a running month at 375 px, with the keyboard", () => {
  it("deactivates a person (their session ends), re-pairs the partner left alone, and is asked before Delete and Complete", async () => {
    const month = clock.now().toISOString().slice(0, 7);
    const group = await createGroup(story.db, { name: "brew", displayName: "Brew Co" });
    await allowEmail(story.db, "*@brew.test", group.id);
    const person = (firstName: string, lastName: string) =>
      createUser(story.db, { email: `${firstName.toLowerCase()}@brew.test`, firstName, lastName });
    const ada = await person("Ada", "Lovelace");
    const ben = await person("Ben", "Brewer");
    const cleo = await person("Cleo", "Roaster");
    const dev = await person("Dev", "Roaster");
    await person("Eve", "Free");
    const pairing = await createPairing(story.db, {
      month,
      scopeKey: String(group.id),
      domainGroupId: group.id,
      domainGroupName: group.displayName,
      name: `${month} — Brew Co`,
      totalPairs: 2,
    });
    await createMatch(story.db, { members: [ada, ben], pairing });
    await createMatch(story.db, { members: [cleo, dev], pairing });
    const admin = await createAdmin(story.db, { email: "boss@hq.test", needsProfileSetup: true });

    const adasPage = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(adasPage, ada);
    await adasPage.goto("/home");
    expect((await adasPage.request.get("/api/auth/user")).status()).toBe(200);

    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "User Management" }).click();
    // The five employees: the admin who never made a profile is none.
    await page.getByText("Showing all 5 users").waitFor();

    // Deactivate asks first and says what happens; Escape leaves everything as it was.
    const adaCard = page.getByRole("listitem").filter({ hasText: "ada@brew.test" });
    const deactivate = adaCard.getByRole("button", { name: "Deactivate Ada Lovelace" });
    let asking = await ask(page, deactivate, /^Deactivate Ada Lovelace\?$/);
    const askingText = await asking.innerText();
    expect(askingText).toContain("signed out everywhere at once");
    expect(askingText).toContain("Ben Brewer is re-paired at once if someone is free");
    expect(askingText).toContain("No e-mail goes to Ada Lovelace");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await asking.waitFor({ state: "detached" });
    expect((await adasPage.request.get("/api/auth/user")).status()).toBe(200);

    asking = await ask(page, deactivate, /^Deactivate Ada Lovelace\?$/);
    await pressByKeyboard(page, "Deactivate");
    await page
      .getByText("Ada Lovelace is deactivated and signed out everywhere.", { exact: true })
      .waitFor();
    await adaCard.getByText("Deactivated", { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole("definition").allInnerTexts())
      .toEqual(
        // Total, Active, Paused, Opted Out, Deactivated
        ["5", "5", "0", "0", "1"],
      );
    await page.getByLabel("Account").selectOption({ label: "Deactivated" });
    await page.getByText("Showing 1 user").waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Ada's session ended at once: her next request is refused and her page leaves for the way in.
    expect((await adasPage.request.get("/api/auth/user")).status()).toBe(401);
    await adasPage.reload();
    await adasPage.waitForURL((url) => url.pathname === "/" || url.pathname === "/auth");

    // Eve was free: Ben is re-paired with her at once, and both are told (docs/matches.md).
    for (const to of ["ben@brew.test", "eve@brew.test"]) {
      const mail = await story.smtp.waitForMessage((m) => m.to.includes(to));
      expect(mail.subject).toMatch(/^Your Cup of Joe match for .* has changed$/);
    }
    await page.getByRole("tab", { name: "Operations" }).click();
    const current = page.getByRole("region", { name: "Current pairings" });
    await current.getByRole("button", { name: /^Delete / }).waitFor();
    expect(await current.getByText("Left without a partner").count()).toBe(0);

    // Delete asks, says what it removes and that everyone in it is told; Cancel keeps the pairing.
    asking = await ask(page, current.getByRole("button", { name: /^Delete / }), /^Delete .*\?$/);
    await expect
      .poll(() => asking.innerText())
      .toMatch(/4 people in 2 matches lose their .* match\./);
    expect(await asking.innerText()).toContain("e-mailed that it is off");
    await pressByKeyboard(page, "Cancel");
    await asking.waitFor({ state: "detached" });
    await focusIsOn(current.getByRole("button", { name: /^Delete / }));

    // Complete asks, then completes.
    asking = await ask(page, current.getByRole("button", { name: /^Complete / }), /^Complete /);
    await expect.poll(() => asking.innerText()).toContain("second round");
    await pressByKeyboard(page, "Complete Pairing");
    await current.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "View Current Pairings (0)" }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    expect(story.smtp.messages.filter((m) => m.to.includes("ada@brew.test"))).toEqual([]);
  });
});
