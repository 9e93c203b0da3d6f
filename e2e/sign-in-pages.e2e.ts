import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../src/server/test/factories";
import { authEndpoints } from "../src/shared/endpoints/auth";
import {
  answerDrawn,
  axeViolations,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";

let story: Story;
beforeAll(async () => {
  // A vendor's install: inquiries go to its operator, who is no admin of a company here.
  story = await startStory({ env: { OPERATOR_EMAIL: "ops@vendor.test" } });
  await allowEmail(story.db, "*@pages.test");
});
afterAll(() => story?.close());

describe("the sign-in pages on a phone", () => {
  it("shows the /auth form above the fold, axe-clean and without horizontal scroll", async () => {
    const page = await story.newPage({ width: 375, height: 667 });
    await page.goto("/auth");
    const send = page.getByRole("button", { name: "Send Magic Link" });
    await send.waitFor();
    const box = await send.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(667);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("offers the company inquiry form to an address that is not whitelisted", async () => {
    const page = await story.newPage({ width: 375, height: 667 });
    await page.goto("/auth");
    await page.getByLabel("Work email").fill("someone@elsewhere.test");
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByText("This email address is not authorized.", { exact: false }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Send us a company inquiry" }).click();
    await page.waitForURL("**/company-inquiry");

    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("someone@elsewhere.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByRole("link", { name: "Send us a company inquiry" }).waitFor();
  });

  it("shows one error for a wrong code: under the field, with no success notice or toast", async () => {
    const page = await story.newPage({ width: 375, height: 667 });
    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("wes@pages.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    const mail = await story.smtp.waitForMessage((m) => m.to.includes("wes@pages.test"));
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? "";
    const wrong = code === "123456" ? "654321" : "123456";
    await page.getByLabel("6-digit code").fill(wrong);
    // A toast would follow the answer: the absences below are checked once it is drawn.
    await answerDrawn(page, authEndpoints.verifyCode.path, () =>
      page.getByRole("button", { name: "Verify Code" }).click(),
    );
    const error = page.getByText("Invalid code. You have 4 attempts left.", { exact: true });
    await error.waitFor();
    expect(await error.count()).toBe(1);
    expect(await page.getByText(/Code sent!/).count()).toBe(0);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("status").filter({ hasText: "Invalid code" }).count()).toBe(0);
    const described = await page
      .getByLabel("6-digit code")
      .evaluate(
        (el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent,
      );
    expect(described).toBe("Invalid code. You have 4 attempts left.");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.getByRole("heading", { name: "You're signed in!", level: 1 }).waitFor();
  });
});
