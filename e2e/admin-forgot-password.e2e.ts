import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { passwordResetTokens } from "../src/server/db/schema";
import { createAdmin } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// An admin who forgot their password asks for a link on the admin sign-in (docs/sign-in.md,
// "Set-password links"); the form answers the same for an address that is nobody's.
const clock = fixedClock("2027-02-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

const linkIn = (text: string) =>
  text.match(/https?:\/\/\S+\/set-password\?token=[\w-]+/)?.[0] ?? "";

describe("forgot password on the admin sign-in", () => {
  it("e-mails a single-use link; an unknown address reads the same answer", async () => {
    await createAdmin(story.db, { email: "hr@forgot.test", password: "the password I lost" });
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/admin-login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const section = page.getByRole("region", { name: "Forgot your password?" });
    await section.getByLabel("Email").fill("nobody@forgot.test");
    const before = story.smtp.messages.length;
    await section.getByRole("button", { name: "Send Link" }).click();
    const answer = section.getByText("If that address belongs to an admin");
    await answer.waitFor();
    const nobody = await answer.innerText();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole("button", { name: "Back to admin sign-in" }).click();
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await section.getByLabel("Email").fill("not an address");
    await section.getByRole("button", { name: "Send Link" }).click();
    await section.getByText("Please enter a valid email address").waitFor();
    await section.getByLabel("Email").fill(" HR@forgot.test ");
    await section.getByRole("button", { name: "Send Link" }).click();
    await answer.waitFor();
    expect(await answer.innerText()).toBe(nobody);

    const mail = await story.smtp.waitForMessage(
      (m) => m.to.includes("hr@forgot.test") && story.smtp.messages.indexOf(m) >= before,
    );
    expect(mail.subject).toBe("Choose a new Cup of Joe admin password");
    expect(story.smtp.messages.slice(before).some((m) => m.to.includes("nobody@forgot.test"))).toBe(
      false,
    );
    const link = linkIn(mail.text);
    expect(link).not.toBe("");

    // Opening the link (as a mail scanner does) changes nothing; the form's POST does.
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose your admin password", level: 1 }).waitFor();
    const [unused] = await story.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.email, "hr@forgot.test"));
    expect(unused.isUsed).toBe(false);
    await page.getByLabel("Password", { exact: true }).fill("a password I will keep");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.getByText("Your password is set. Sign in with it as admin.").waitFor();

    await page.goto("/admin-login");
    await page.getByLabel("Email").fill("hr@forgot.test");
    await page.getByLabel("Password", { exact: true }).fill("a password I will keep");
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await page.waitForURL("**/admin");

    // The link works once.
    const again = await story.reusePage(page, { width: 375, height: 800 });
    await again.goto(link);
    await again.getByLabel("Password", { exact: true }).fill("yet another password");
    await again.getByRole("button", { name: "Set Password" }).click();
    await again.getByRole("alert").filter({ hasText: "Forgot your password?" }).waitFor();
    expect(await hasHorizontalScroll(again)).toBe(false);
  });
});
