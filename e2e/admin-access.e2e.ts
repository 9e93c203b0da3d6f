import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser, signIn } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

const PASSWORD = "admin-password-123";
let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

const NOBODY_LOSES_ACCESS =
  'Nobody signs in through "*@newco.test" alone: removing it takes no one\'s access away.';

describe("admin access", () => {
  it("an admin signs in at /admin-login, reaches /admin and manages the whitelist", async () => {
    await createAdmin(story.db, { email: "chief@admins.test", password: PASSWORD });
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/admin-login");
    await page.getByRole("heading", { name: "Admin Access", level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("button", { name: "Login as Admin" }).click();
    await page.getByText("Please enter a valid email address", { exact: true }).waitFor();
    await page.getByText("Password is required", { exact: true }).waitFor();

    await page.getByLabel("Email").fill("chief@admins.test");
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect
      .poll(() => page.getByLabel("Password", { exact: true }).getAttribute("type"))
      .toBe("text");
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    const tabs = page.getByRole("tab");
    await expect
      .poll(() => tabs.allTextContents())
      .toEqual([
        "Operations",
        "User Management",
        "Departments",
        "Analytics & Metrics",
        "Email Whitelist",
        "Email Send Logs",
        "Image Gallery",
      ]);
    await expect
      .poll(() => page.getByRole("tab", { name: "Operations" }).getAttribute("aria-selected"))
      .toBe("true");

    await page.getByRole("tab", { name: "Email Whitelist" }).click();
    await page.getByRole("heading", { name: "Email Whitelist and Domain Groups" }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole("button", { name: "Add Email" }).click();
    await page.getByText("Email is required", { exact: true }).waitFor();
    await page.getByLabel("Email or *@domain").first().fill("*@newco.test");
    await page.getByLabel("Reason (optional)").fill("New customer");
    await page.getByRole("button", { name: "Add Email" }).click();
    await page
      .getByRole("tabpanel")
      .getByRole("listitem")
      .filter({ hasText: "*@newco.test" })
      .waitFor();

    await page.getByRole("button", { name: "Add Group" }).click();
    await page.getByText("Name and display name are required", { exact: true }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("newco");
    await page.getByLabel("Display name").fill("NewCo");
    await page.getByRole("button", { name: "Add Group" }).click();
    await page.getByRole("button", { name: "Manage NewCo" }).waitFor();

    await page
      .getByRole("combobox", { name: "Group for *@newco.test" })
      .selectOption({ label: "NewCo" });
    await page
      .getByRole("listitem")
      .filter({ hasText: "*@newco.test" })
      .locator("span", { hasText: "NewCo" })
      .waitFor();

    expect(await axeViolations(page, "[role=tabpanel]")).toEqual([]);

    await page.getByRole("button", { name: "Remove *@newco.test" }).click();
    const ask = page.getByRole("dialog", { name: "Remove from the whitelist?" });
    await ask.getByText(NOBODY_LOSES_ACCESS).waitFor();
    await ask.getByRole("button", { name: "Remove", exact: true }).click();
    await page.getByText("No emails are whitelisted yet, so nobody can sign up.").waitFor();
    // With nobody on the list, nobody "has signed up": the invitations say what to do instead.
    await page
      .getByText(
        "Nobody is on the whitelist by their own address yet: add people above, then invite them here.",
      )
      .waitFor();
    expect(
      await page.getByText("Everyone on the whitelist by their own address has signed up.").count(),
    ).toBe(0);
  });

  it("an employee sent to /admin is turned back to /", async () => {
    const employee = await createUser(story.db, { email: "worker@staff.test" });
    const page = await story.newPage();
    await story.signInAs(page, employee);
    await page.goto("/admin");
    await page.waitForURL(`${story.baseUrl}/`);
    await page.getByText("You don't have admin privileges.").first().waitFor();
  });

  it("an admin signed in with a code is asked for the password at /admin, then gets in", async () => {
    const admin = await createAdmin(story.db, { email: "coder@admins.test", password: PASSWORD });
    const page = await story.newPage();
    const [name, value] = (await signIn(story.db, admin, { kind: "employee" })).split("=");
    await page
      .context()
      .addCookies([{ name, value, url: story.baseUrl, httpOnly: true, sameSite: "Lax" }]);
    await page.goto("/admin");
    await page.getByText("Please sign in with your admin password").first().waitFor();
    await page.waitForURL("**/admin-login");
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await page.waitForURL("**/admin");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
  });

  it("a signed-out visitor sent to /admin is sent to /admin-login", async () => {
    const page = await story.newPage();
    await page.goto("/admin");
    await page.getByText("Please login to access admin features.").first().waitFor();
    await page.waitForURL("**/admin-login");
    await page.getByRole("heading", { name: "Admin Access", level: 1 }).waitFor();
  });
});
