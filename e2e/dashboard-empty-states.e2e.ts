import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch, createPairing, createUser } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("the dashboard", () => {
  it("shows both empty states, zero stats and the next pairing date to a new employee", async () => {
    const me = await createUser(story.db, { firstName: "Nia" });
    // One page at both widths: its second load is in a renderer that has shown the app.
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, me);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/home");
      await page.getByRole("heading", { name: "Your Coffee Chat Hub", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "No Current Match" }).waitFor();
      await page.getByRole("heading", { name: "No Match History" }).waitFor();
      const main = page.locator("main");
      for (const line of [
        "You'll be paired with a colleague in the next monthly matching cycle.",
        "Your completed coffee chats will appear here.",
        "Welcome, Nia! Your first coffee chat comes with the next monthly pairing.",
      ]) {
        await expect.poll(() => main.innerText()).toContain(line);
      }
      const next = page.locator("main time");
      await next.waitFor();
      await expect.poll(() => next.innerText()).toMatch(/^Monday, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
      for (const label of ["Total Matches", "Coffee Chats", "New Connections"]) {
        const term = page.locator("dt", { hasText: label });
        await expect.poll(() => term.locator("xpath=following-sibling::dd").innerText()).toBe("0");
      }
      expect(await hasHorizontalScroll(page), `width ${width}`).toBe(false);
      expect(await axeViolations(page), `width ${width}`).toEqual([]);
    }
  });

  it("shows the current match with its Active badge, the stats and at most six recent matches", async () => {
    const me = await createUser(story.db);
    await createMatch(story.db, {
      members: [me, await createUser(story.db, { firstName: "Current", lastName: "Partner" })],
    });
    for (let i = 1; i <= 7; i++) {
      await createMatch(story.db, {
        members: [await createUser(story.db, { firstName: `Past${i}`, lastName: "Colleague" }), me],
        pairing: await createPairing(story.db, { month: `2026-0${i}`, status: "completed" }),
        matchDate: new Date(`2026-0${i}-05T00:00:00Z`),
        status: i <= 3 ? "completed" : "active", // A partner's "Met My Match" counts as a coffee chat; a completion both missed does not.
        answers: [i === 4 || i === 5 ? "met" : i === 3 ? "skip" : null, i === 3 ? "skip" : null],
      });
    }
    const page = await story.newPage();
    await story.signInAs(page, me);
    await page.goto("/home");
    await page.getByRole("heading", { name: "Current Partner" }).waitFor();
    await expect.poll(() => page.getByText("Active", { exact: true }).count()).toBe(1);
    const stat = (label: string) =>
      page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").innerText();
    // Seven past matches and the current one.
    await expect.poll(() => stat("Total Matches")).toBe("8");
    await expect.poll(() => stat("Coffee Chats")).toBe("4");
    await expect.poll(() => stat("New Connections")).toBe("4");
    const recent = page.getByRole("heading", { name: /^Past\d Colleague$/ });
    await expect.poll(() => recent.count()).toBe(6);
    await expect.poll(() => recent.first().innerText()).toBe("Past7 Colleague");
    await page.getByRole("link", { name: "View match details" }).click();
    await page.waitForURL((url) => url.pathname === "/matches");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("sends a visitor who is not signed in to the landing page", async () => {
    const page = await story.newPage();
    await page.goto("/home");
    await page.waitForURL((url) => url.pathname === "/");
  });
});
