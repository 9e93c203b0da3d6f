import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import {
  createAdmin,
  createDepartment,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { type Story, startStory } from "./support/harness";
import { contrastFaultsIn } from "./support/interaction-states";

// The month of the factories' pairings, on the app's clock and the pages'.
const clock = fixedClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  await createDepartment(story.db, { name: "design", displayName: "Design Studio" });
});
afterAll(() => story?.close());

/** Every interactive element of the page, hovered and then focused: no contrast fault in either. */
async function expectReadableWhenHoveredAndFocused(page: Page) {
  expect(await contrastFaultsIn(page, "hover")).toEqual([]);
  expect(await contrastFaultsIn(page, "focus")).toEqual([]);
}

async function employeeWithMatch() {
  const me = await createUser(story.db, { department: "design" });
  const partner = await createUser(story.db, { firstName: "Grace", lastName: "Hopper" });
  await createMatch(story.db, { members: [me, partner] });
  const earlier = await createPairing(story.db, { month: "2027-02", status: "completed" });
  await createMatch(story.db, {
    members: [me, await createUser(story.db, { firstName: "Alan", lastName: "Turing" })],
    pairing: earlier,
    status: "completed",
    answers: ["met", "met"],
  });
  return me;
}

describe("hover and focus colours can be read", () => {
  it("on the landing and sign-in pages", async () => {
    const page = await story.newPage();
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await page.getByRole("contentinfo").waitFor();
    await expectReadableWhenHoveredAndFocused(page);

    await page.goto("/auth");
    await page.getByRole("textbox", { name: /email/i }).first().waitFor();
    await expectReadableWhenHoveredAndFocused(page);
  });

  it("on an employee's dashboard, matches and profile, and in a confirmation", async () => {
    const me = await employeeWithMatch();
    const page = await story.newPage();
    await story.signInAs(page, me);
    await page.goto("/home");
    await page.getByRole("heading", { name: "Grace Hopper" }).waitFor();
    await expectReadableWhenHoveredAndFocused(page);

    await page.goto("/matches");
    const current = page.getByRole("region", { name: "Current match" });
    await current.getByRole("heading", { name: "Grace Hopper" }).waitFor();
    await page.getByRole("region", { name: "Match History" }).getByText("Alan Turing").waitFor();
    await expectReadableWhenHoveredAndFocused(page);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Pause 1 Month" }).waitFor();
    await expectReadableWhenHoveredAndFocused(page);
    await page.getByRole("button", { name: "Pause 1 Month" }).click();
    await page.getByRole("dialog", { name: "Pause for 1 month?" }).waitFor();
    await expectReadableWhenHoveredAndFocused(page);
  });

  it("on the admin dashboard and its user and department tabs", async () => {
    await employeeWithMatch();
    const admin = await createAdmin(story.db, { email: "contrast-admin@hq.test" });
    const page = await story.newPage();
    await story.signInAs(page, admin);
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Operations", selected: true }).waitFor();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expectReadableWhenHoveredAndFocused(page);

    await page.getByRole("tab", { name: "User Management" }).click();
    await page.getByText(/^Showing (all )?\d+ (of \d+ )?users?$/).waitFor();
    await expectReadableWhenHoveredAndFocused(page);

    await page.getByRole("tab", { name: "Departments" }).click();
    await page.getByText("Design Studio").first().waitFor();
    await expectReadableWhenHoveredAndFocused(page);
  });
});
