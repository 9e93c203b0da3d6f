import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../src/server/test/factories";
import { axeViolations, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  await allowEmail(story.db, "*@newhire.test");
});
afterAll(() => story?.close());

describe("a new employee, from the e-mailed code to the dashboard", () => {
  it("signs in with the code from the mail, completes setup and sees the empty dashboard", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("priya@newhire.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    const mail = await story.smtp.waitForMessage((m) => m.to.includes("priya@newhire.test"));
    await page.getByLabel("6-digit code").fill(mail.text.match(/\b(\d{6})\b/)?.[1] ?? "");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL("**/profile");

    await page.getByRole("heading", { name: "Almost There! Let's Get You Set Up" }).waitFor();
    await page.getByLabel("First name").fill("Priya");
    await page.getByLabel("Last name").fill("Patel");
    const department = page.getByRole("combobox", { name: "Department" });
    await department.locator("option", { hasText: "Other" }).waitFor({ state: "attached" });
    await department.selectOption({ label: "Other" });
    await page.getByLabel("Anyone (mix it up!)").check();
    await page
      .getByLabel("I agree to receive monthly match notifications and participate in coffee chats")
      .check();
    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    await page.getByRole("heading", { name: "Welcome to Cup of Joe! 🎉" }).waitFor();
    await page.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();

    await page.goto("/home");
    await page.getByRole("heading", { name: "Your Coffee Chat Hub", level: 1 }).waitFor();
    await expect
      .poll(() => page.locator("main").innerText())
      .toContain("Welcome, Priya! Your first coffee chat comes with the next monthly pairing.");
    await page.getByRole("heading", { name: "No Current Match" }).waitFor();
    await page.getByRole("heading", { name: "No Match History" }).waitFor();
    await page.locator("main time").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
