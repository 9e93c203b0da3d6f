import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  await allowEmail(story.db, "*@links.test");
});
afterAll(() => story?.close());

describe("a whitelisted employee signs in with a magic link", () => {
  it("requests the link, opens it from the mail and lands on /profile", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/auth");
    await page.getByRole("heading", { name: "Welcome to Cup of Joe", level: 1 }).waitFor();
    await page.getByRole("region", { name: "Why Cup of Joe" }).waitFor();
    // No invented figure: the sign-in page shows no counts it cannot know.
    expect(await page.locator("main").innerText()).not.toMatch(/500\+|95%/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByLabel("Work email").fill("Robin@Links.test");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByRole("button", { name: "Use different email" }).waitFor();

    const mail = await story.smtp.waitForMessage((m) => m.to.includes("robin@links.test"));
    const link = mail.text.match(/https?:\/\/\S+\/magic-auth\?token=[A-Za-z0-9_-]+/)?.[0] ?? "";
    expect(link.startsWith(`${story.baseUrl}/magic-auth?token=`)).toBe(true);

    // A mail scanner fetching the link does not use it up.
    const scanned = await fetch(link);
    expect(scanned.status).toBe(200);
    await scanned.text();

    await page.goto(link);
    await page.waitForURL("**/profile");
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me).toMatchObject({ email: "robin@links.test", authMethod: "magic_link" });

    // The link works once, in another browser too.
    const again = await story.reusePage(page);
    // A used link is an answer the page shows, not a refused request.
    const refused: string[] = [];
    again.on("response", (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    await again.goto(link);
    await again.waitForURL("**/auth?error=invalid_link**");
    await again
      .getByText("This magic link is invalid or has expired. Please request a new one.")
      .waitFor();
    expect(refused).toEqual([]);
  });

  it("sends a link without a token back to /auth with missing_token", async () => {
    const page = await story.newPage();
    await page.goto("/magic-auth");
    await page.waitForURL("**/auth?error=missing_token");
    await page
      .getByText("The magic link is missing a security token. Please request a new link.", {
        exact: true,
      })
      .waitFor();
  });

  it("tells a refused address why, and asks to wait before a second link", async () => {
    const page = await story.newPage();
    await page.goto("/auth");
    await page.getByLabel("Work email").fill("x@outside.test");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page
      .getByText("This email address is not authorized. Please contact your administrator.")
      .waitFor();

    await page.getByLabel("Work email").fill("sam@links.test");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByRole("button", { name: "Use different email" }).click();
    await page.getByLabel("Work email").fill("sam@links.test");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page
      .getByText("Please wait 1 minute before requesting another link.", { exact: false })
      .waitFor();
  });
});
