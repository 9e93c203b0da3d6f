import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowEmail } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  await allowEmail(story.db, "*@codes.test");
});
afterAll(() => story?.close());

/** The element's text as the lines the browser drew it on. */
function drawnLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines = new Map<number, string>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? "").length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        const top = Math.round(rect.top);
        lines.set(top, (lines.get(top) ?? "") + (node.textContent ?? "")[i]);
      }
    }
    return [...lines.entries()].sort(([a], [b]) => a - b).map(([, text]) => text.trim());
  });
}

const longAddress = "casey.montgomery-williamson@codes.test";

describe("a whitelisted employee signs in with an e-mailed code", () => {
  it("reads the code from the mail and lands on /profile", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/auth/code");
    await page.getByRole("heading", { name: "Sign in with a code", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByText("Please enter your email address", { exact: true }).waitFor();
    await page.getByLabel("Work email").fill("not-an-email");
    await page.getByLabel("Work email").press("Enter");
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();

    await page.getByLabel("Work email").fill("  Casey.Montgomery-Williamson@Codes.TEST ");
    await page.getByLabel("Work email").press("Enter");
    await page.getByRole("heading", { name: "Enter your code", level: 1 }).waitFor();
    // At 375 px the address wraps before a dot (which starts the next line) or before its @, never
    // after a dot, at its hyphen or mid-name.
    const sentTo = page.getByText("We sent a 6-digit code to");
    const drawn = (await drawnLines(sentTo)).join("\n");
    const address = drawn.match(
      new RegExp([...longAddress].map((c) => c.replace(/[.-]/, "\\$&")).join("\n?")),
    )?.[0];
    expect(address?.replace(/\n/g, "")).toBe(longAddress);
    const parts = address?.split("\n") ?? [];
    expect(parts.length).toBeGreaterThan(1);
    for (let i = 1; i < parts.length; i++) {
      expect(`${parts[i - 1]}|${parts[i]}`).toMatch(/\|[.@]/);
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
    const mail = await story.smtp.waitForMessage((m) => m.to.includes(longAddress));
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);

    const codeInput = page.getByLabel("6-digit code");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("autocomplete")))
      .toBe("one-time-code");
    await expect.poll(() => codeInput.getAttribute("inputmode")).toBe("numeric");
    await codeInput.fill("12a");
    await expect.poll(() => codeInput.inputValue()).toBe("12");
    await codeInput.press("Enter");
    await page.getByText("Please enter a valid 6-digit code", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await codeInput.fill(`${code}99`);
    await expect.poll(() => codeInput.inputValue()).toBe(code);
    await codeInput.press("Enter");
    await page.getByRole("heading", { name: "You're signed in!", level: 1 }).waitFor();
    await page.waitForURL("**/profile");
    const me = await page.evaluate(() => fetch("/api/auth/user").then((r) => r.json()));
    expect(me).toMatchObject({ email: longAddress, needsProfileSetup: true });
  });

  it("signs out from the navigation: the old session no longer works", async () => {
    const page = await story.newPage();
    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("dana@codes.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    const mail = await story.smtp.waitForMessage((m) => m.to.includes("dana@codes.test"));
    await page.getByLabel("6-digit code").fill(mail.text.match(/\b(\d{6})\b/)?.[1] ?? "");
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL("**/profile");
    await page.goto("/home");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${story.baseUrl}/`);
    // The browser context's own request client sends the page's cookies without
    // depending on the page staying put after the sign-out navigation settles.
    await expect.poll(async () => (await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  it("has no simple access page unless DEMO is on", async () => {
    expect((await fetch(`${story.baseUrl}/simple-auth`)).status).toBe(404);
    const res = await fetch(`${story.baseUrl}/api/simple-auth`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: story.baseUrl },
      body: JSON.stringify({ email: longAddress }),
    });
    expect(res.status).toBe(404);
  });

  it("shows the server's refusal for an address that is not whitelisted", async () => {
    const page = await story.newPage();
    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("outsider@elsewhere.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page
      .getByRole("alert")
      .filter({
        hasText: "This email address is not authorized. Please contact your administrator.",
      })
      .first()
      .waitFor();
  });
});
