import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSetupToken } from "../src/server/auth/setup/setup-token";
import { allowEmail } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

// An empty install: no admin, no whitelist, no OPERATOR_EMAIL (a company's own install).
let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

describe("the first admin launches the programme alone", () => {
  it("is told where to start, sets up from the browser and follows the getting-started list", async () => {
    const page = await story.newPage({ width: 375, height: 800 });

    // Nothing on the way says what is not true.
    await page.goto("/");
    await page.getByRole("link", { name: "Admin Access" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Company Inquiry" }).count()).toBe(0);
    await page.goto("/company-inquiry");
    await page.getByText("takes no inquiries", { exact: false }).waitFor();
    await page.goto("/auth");
    await page.getByRole("region", { name: "Why Cup of Joe" }).waitFor();
    expect(await page.locator("main").innerText()).not.toMatch(/500\+|95%/);

    // No admin yet: the login page says where the setup address is.
    await page.goto("/admin-login");
    await page.getByText("This install has no admin yet.", { exact: false }).waitFor();

    // The one-time address the start printed (a new one replaces it, as a restart would).
    const token = await issueSetupToken(story.db, new Date());
    await page.goto(`/setup?token=${token}`);
    await page.getByRole("heading", { name: "Set up Cup of Joe", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Your e-mail").fill("first@acme.test");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create admin and continue" }).click();
    await page.getByText("The password must be at least 12 characters.").waitFor();
    await page.getByLabel("Password", { exact: true }).fill("a-long-enough-password");
    await page.getByRole("button", { name: "Create admin and continue" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");

    // The checklist, each step with what it does and where.
    const steps = page.getByRole("list", { name: "Getting started steps" });
    await steps.waitFor();
    expect(await steps.getByRole("listitem").count()).toBe(6);
    await steps.getByText("Whitelist your e-mail domain (to do)").waitFor();
    await page.getByLabel("Company name").fill("Acme");
    await page.getByRole("button", { name: "Save company" }).click();
    await page.getByText("Saved Acme.").first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await steps.getByRole("button", { name: "Open Email Whitelist" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/whitelist");
    await allowEmail(story.db, "*@acme.test");
    await page.getByRole("tab", { name: "Operations" }).click();
    await steps.getByText("Whitelist your e-mail domain (done)").waitFor();
    await steps.getByText("Sign-in address:", { exact: false }).waitFor();

    // Departments without understanding domain groups first.
    await steps.getByRole("button", { name: "Open Departments" }).click();
    await page.getByRole("heading", { name: "Company departments" }).waitFor();
    await page.getByLabel("New department").fill("Engineering");
    await page.getByRole("button", { name: "Add department" }).click();
    await page
      .getByRole("list", { name: "Company departments" })
      .getByText("Engineering")
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("tab", { name: "Operations" }).click();
    await steps.getByText("Add your departments (done)").waitFor();
    await steps.getByRole("button", { name: "I have shared the invitation" }).click();
    await steps.getByText("Invite everyone (done)").waitFor();

    // The setup address works once.
    const again = await page.request.post("/api/setup", {
      data: { token, email: "other@acme.test", password: "a-long-enough-password" },
    });
    expect(again.status()).toBe(409);
  });
});
