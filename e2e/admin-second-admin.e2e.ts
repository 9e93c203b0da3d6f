import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { passwordResetTokens } from "../src/server/db/schema";
import { createAdmin } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

const clock = fixedClock("2027-02-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

const linkIn = (text: string) =>
  text.match(/https?:\/\/\S+\/set-password\?token=[\w-]+/)?.[0] ?? "";

async function adminsCard(page: Page) {
  await page.goto("/admin/settings");
  const list = page.getByRole("list", { name: "Admins" });
  await list.waitFor();
  return { list };
}

async function setPasswordFrom(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByRole("heading", { name: "Choose your admin password", level: 1 }).waitFor();
  expect(await hasHorizontalScroll(page)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set Password" }).click();
  await page.getByText("Your password is set. Sign in with it as admin.").waitFor();
}

async function signInAsAdmin(page: Page, email: string, password: string) {
  await page.goto("/admin-login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login as Admin" }).click();
  await page.waitForURL("**/admin");
}

describe("a second admin without the command line", () => {
  it("adds an admin by e-mail, who sets a password from the link, and resets it later", async () => {
    const first = await createAdmin(story.db, {
      email: "first@roast.test",
      firstName: "Fran",
      password: "first admin old password",
    });
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, first);
    const { list } = await adminsCard(page);
    await page.getByLabel("New admin's e-mail").fill("not an address");
    await page.getByRole("button", { name: "Add Admin" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByLabel("New admin's e-mail").fill("second@roast.test");
    const sent = story.smtp.messages.length;
    await page.getByRole("button", { name: "Add Admin" }).click();
    const added = list.getByRole("listitem").filter({ hasText: "second@roast.test" });

    await expect.poll(() => added.innerText()).toContain("Password not set yet");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    const invite = await story.smtp.waitForMessage(
      (m) => m.to.includes("second@roast.test") && story.smtp.messages.indexOf(m) >= sent,
    );
    expect(invite.subject).toBe("You are now a Cup of Joe admin");
    const link = linkIn(invite.text);
    expect(link).not.toBe("");

    // Opening the link (as a mail scanner does) changes nothing; the form's POST does.
    // The first admin is done for now: the same browser, signed out and cleared, is the second's.
    const second = await story.reusePage(page, { width: 1280, height: 900 });
    await second.goto(link);
    await second.getByRole("button", { name: "Set Password" }).waitFor();
    const [unused] = await story.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.email, "second@roast.test"));
    expect(unused.isUsed).toBe(false);
    await setPasswordFrom(second, link, "second admin's password");
    await signInAsAdmin(second, "second@roast.test", "second admin's password");

    // The second admin resets the first one's password from the console.
    clock.advance(10 * 60_000);
    const { list: theirList } = await adminsCard(second);
    await theirList.getByRole("listitem").filter({ hasText: "first@roast.test" }).waitFor();
    const before = story.smtp.messages.length;
    await second.getByRole("button", { name: "Send a password link to first@roast.test" }).click();
    const confirm = second.getByRole("dialog", {
      name: "Send a password link to first@roast.test?",
    });
    expect(await confirm.innerText()).toContain(
      "Their current password keeps working until they use it",
    );
    expect(await axeViolations(second)).toEqual([]);
    await confirm.getByRole("button", { name: "Send Link" }).click();
    await confirm.waitFor({ state: "detached" });
    const reset = await story.smtp.waitForMessage(
      (m) => m.to.includes("first@roast.test") && story.smtp.messages.indexOf(m) >= before,
    );
    expect(reset.subject).toBe("Choose a new Cup of Joe admin password");
    // And the second's, cleared again, is the first admin's, signed out.
    const fresh = await story.reusePage(second, { width: 375, height: 900 });
    await setPasswordFrom(fresh, linkIn(reset.text), "first admin's new password");
    await signInAsAdmin(fresh, "first@roast.test", "first admin's new password");

    // A used link says so.
    await fresh.goto(linkIn(reset.text));
    await fresh.getByLabel("Password", { exact: true }).fill("yet another password");
    await fresh.getByRole("button", { name: "Set Password" }).click();
    await fresh
      .getByRole("alert")
      .filter({ hasText: "not valid, has expired or was used already" })
      .waitFor();
  });
});
