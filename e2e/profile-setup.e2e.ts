import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, createWhitelistedGroup } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  await createWhitelistedGroup(story.db, { displayName: "Setup Co", domain: "setup.test" });
});
afterAll(() => story?.close());

describe("a new employee", () => {
  it("signs in, completes setup and sees the empty dashboard", async () => {
    const user = await createUser(story.db, {
      email: "newbie@setup.test",
      firstName: null,
      lastName: null,
      department: null,
      needsProfileSetup: true,
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page
      .getByRole("heading", { name: "Almost There! Let's Get You Set Up", level: 1 })
      .waitFor();
    await page.getByRole("option", { name: "Engineering" }).waitFor({ state: "attached" });
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    await page.getByText("Hold up! Missing some info", { exact: true }).waitFor();
    await page.getByText("First name is required", { exact: true }).waitFor();

    await page.getByLabel("First name").fill("Nina");
    await page.getByLabel("Last name").fill("Newcomer");
    await page
      .getByRole("combobox", { name: "Department *" })
      .selectOption({ label: "Engineering" });
    await page.getByLabel("Match me ONLY with people from other departments").check();
    await page.getByLabel("Bio (optional)").fill("I bake <script>bread</script>.");
    await expect.poll(() => page.getByLabel("Bio (optional)").getAttribute("rows")).toBe("3");
    await page.getByLabel("Bio (optional)").press("Tab");

    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    await page.getByText("One more thing!", { exact: true }).waitFor();

    // Keyboard only from here: tick the agreement with Space, submit with Enter.
    await page
      .getByLabel("I agree to receive monthly match notifications and participate in coffee chats")
      .focus();
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Join Coffee Chat Network" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Welcome to Cup of Joe! 🎉", level: 1 }).waitFor();

    await page.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();
    const main = page.locator("main");
    for (const text of [
      "Nina Newcomer",
      "Engineering",
      "newbie@setup.test",
      "Match me ONLY with people from other departments",
      "I bake <script>bread</script>.",
    ]) {
      await expect.poll(() => main.innerText()).toContain(text);
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/home");
    await page.getByText("No Current Match", { exact: true }).first().waitFor();
  });

  it("finds the department an import gave them already chosen at first sign-in", async () => {
    const user = await createUser(story.db, {
      email: "imported@setup.test",
      firstName: "Ulrike",
      lastName: "Tanaka",
      department: "eng",
      needsProfileSetup: true,
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, user);
    await page.goto("/profile");
    const department = page.getByRole("combobox", { name: "Department *" });
    await page.getByRole("option", { name: "Engineering" }).waitFor({ state: "attached" });
    await expect.poll(() => department.inputValue()).toBe("eng");
    expect(await department.locator("option:checked").innerText()).toBe("Engineering");
  });

  it("edits the profile from My Profile", async () => {
    const user = await createUser(story.db, {
      email: "editor@setup.test",
      firstName: "Eddie",
      lastName: "Editor",
      department: "eng",
    });
    const page = await story.newPage();
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("First name").fill("Edwina");
    await page.getByRole("combobox", { name: "Department *" }).selectOption({ label: "Other" });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Profile updated successfully!", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Edit Profile" }).waitFor();
    await expect.poll(() => page.locator("main").innerText()).toContain("Edwina Editor");
  });
});
