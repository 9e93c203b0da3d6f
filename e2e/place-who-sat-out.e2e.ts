import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairings } from "../src/server/db/schema";
import { createAdmin, createRunningCompany } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

describe("who sat out, and placing them by hand (docs/pairings.md, Who sat out and why)", () => {
  it("shows each person who sat out with the reason and places one after a confirmation", async () => {
    const month = clock.now().toISOString().slice(0, 7);
    const { person, match, pairing } = await createRunningCompany(story.db, {
      name: "Sitout",
      month,
    });
    const gil = await person("Gil", { department: "Sales" });
    const hal = await person("Hal", { department: "Legal" });
    await match(await person("Ann"), await person("Bo"));
    const numbers = { kind: "numbers" as const, ready: 5, left: 1, oddPairs: true };
    await story.db
      .update(pairings)
      .set({
        satOut: [
          { userId: gil.id, reason: numbers },
          { userId: hal.id, reason: { kind: "all-met", months: 3, could: 2 } },
        ],
      })
      .where(eq(pairings.id, pairing.id));
    const admin = await createAdmin(story.db, { email: "boss@sitout.test" });

    // At phone width the list stacks and reads whole.
    const phone = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(phone, admin);
    await phone.goto("/admin");
    await phone.getByRole("tab", { name: "Operations" }).click();
    const small = phone.getByRole("region", { name: `Sat out: ${pairing.name}` });
    await small.waitFor();
    expect(await small.innerText()).toContain(
      "Hal Test — Everyone Hal Test could meet was met in the last 3 months.",
    );
    expect(await hasHorizontalScroll(phone)).toBe(false);
    expect(await axeViolations(phone)).toEqual([]);

    // At desktop width the admin pairs Gil with Hal; the confirmation says it keeps every rule.
    const page = await story.reusePage(phone, { width: 1280, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Operations" }).click();
    const list = page.getByRole("region", { name: `Sat out: ${pairing.name}` });
    await list.waitFor();
    expect(await list.innerText()).toContain(
      "Gil Test — Every arrangement leaves one person out this month: 5 people were ready and chats are in pairs; Gil Test was drawn among those who could sit out.",
    );
    await list.getByLabel("Where to place Gil Test").selectOption({ label: "Pair with Hal Test" });
    await list.getByRole("button", { name: "Place Gil Test" }).click();
    const dialog = page.getByRole("dialog", { name: "Place Gil Test?" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Gil Test and Hal Test meet as a pair this month.");
    expect(await dialog.innerText()).toContain("This keeps every matching rule.");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Place Gil Test" }).click();
    await page.getByText("Gil Test now meets Hal Test this month.").first().waitFor();
    await list.waitFor({ state: "detached" });
    const mail = await story.smtp.waitForMessage((m) => m.to.includes(hal.email));
    expect(mail.text).toContain("Gil Test is your new coffee chat partner");
  });
});
