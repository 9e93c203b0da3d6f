import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createNewsletter, createUser } from "../src/server/test/factories";
import { type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

let n = 0;
async function adminPage(width = 1280) {
  const admin = await createAdmin(story.db, { email: `nav-admin${++n}@hq.test` });
  const page = await story.newPage({ width, height: 900 });
  await story.signInAs(page, admin);
  return page;
}

const selectedTab = (page: Awaited<ReturnType<typeof adminPage>>) =>
  page.getByRole("tab", { selected: true }).textContent();

describe("an admin's place on the dashboard is in the address", () => {
  it("opens a tab at its own address, keeps it on reload and goes back with Back", async () => {
    const page = await adminPage();
    await page.goto("/admin");
    await page.getByRole("tab", { name: "Email Whitelist" }).click();
    await page.waitForURL("**/admin/whitelist");
    await page.getByRole("tab", { name: "User Management" }).click();
    await page.waitForURL("**/admin/users");
    await page.getByRole("heading", { name: "User Management" }).waitFor();

    await page.reload();
    await page.getByRole("heading", { name: "User Management" }).waitFor();
    expect(await selectedTab(page)).toBe("User Management");

    await page.goBack();
    await page.waitForURL("**/admin/whitelist");
    await expect.poll(() => selectedTab(page)).toBe("Email Whitelist");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => selectedTab(page)).toBe("Operations");
  });

  it("keeps an open newsletter editor on reload, and closing it returns to Operations", async () => {
    const newsletter = await createNewsletter(story.db, { title: "Navigation Digest" });
    const page = await adminPage();
    await page.goto("/admin");
    const row = page.getByRole("listitem").filter({ hasText: "Navigation Digest" });
    await row.getByRole("button", { name: /Edit/ }).click();
    await page.waitForURL(`**/admin/newsletters/${newsletter.id}`);
    const editor = page.getByRole("dialog");
    await editor.waitFor();

    await page.reload();
    await editor.getByText("Navigation Digest").first().waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === "/admin");
    await editor.waitFor({ state: "detached" });
  });

  it("leads an unknown dashboard address to the not-found page and old tab names to their tab", async () => {
    const page = await adminPage();
    await page.goto("/admin/nothing-here");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.goto("/admin/admin-tools");
    await page.waitForURL("**/admin/users");
    await expect.poll(() => selectedTab(page)).toBe("User Management");
  });
});

describe("likely addresses lead to the right page", () => {
  it("sends /dashboard to the admin dashboard, the employee's dashboard or sign-in", async () => {
    const admin = await adminPage();
    await admin.goto("/dashboard");
    await admin.waitForURL((url) => url.pathname === "/admin");
    await admin.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();

    const person = await createUser(story.db, { email: "nav-person@brew.test", firstName: "Nia" });
    const employee = await story.newPage();
    await story.signInAs(employee, person);
    await employee.goto("/dashboard");
    await employee.waitForURL((url) => url.pathname === "/home");

    const visitor = await story.newPage();
    await visitor.goto("/dashboard");
    await visitor.waitForURL((url) => url.pathname === "/auth");
    await visitor.goto("/login");
    await visitor.waitForURL((url) => url.pathname === "/auth");
  });
});
