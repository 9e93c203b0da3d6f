import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  allowEmail,
  createAdmin,
  createMatch,
  createNewsletter,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, type Story, startStory } from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, started on 2027-03-10 (e2e/support/story-clock.ts).
const clock = runningClock("2027-03-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
  await allowEmail(story.db, "*@brew.test");
});
afterAll(() => story?.close());

let n = 0;
/** A new admin signed in on a page: `previous`, a page the test is done with, when it can be. */
async function adminPage(width = 1280, previous?: Page) {
  const admin = await createAdmin(story.db, { email: `nav-admin${++n}@hq.test` });
  const size = { width, height: 900 };
  const page = await (previous ? story.reusePage(previous, size) : story.newPage(size));
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

    // The filters are in the address: a chosen one is a new entry, the typed search replaces it.
    const status = page.getByLabel("Status", { exact: true });
    const search = page.getByLabel("Search users");
    await status.selectOption("paused");
    await page.waitForURL((url) => url.search === "?status=paused");
    await search.fill("ann");
    await page.waitForURL((url) => url.search === "?q=ann&status=paused");

    await page.reload();
    await page.getByRole("heading", { name: "User Management" }).waitFor();
    expect(await selectedTab(page)).toBe("User Management");
    await expect.poll(() => search.inputValue()).toBe("ann");
    expect(await status.inputValue()).toBe("paused");

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/admin/users" && url.search === "");
    await expect.poll(() => search.inputValue()).toBe("");
    expect(await status.inputValue()).toBe("");
    await page.goBack();
    await page.waitForURL("**/admin/whitelist");
    await expect.poll(() => selectedTab(page)).toBe("Email Whitelist");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => selectedTab(page)).toBe("Operations");

    // Analytics & Metrics' sub-tabs have addresses of their own, as the tabs do.
    await page.goto("/admin/metrics");
    const metricsTab = () =>
      page
        .getByRole("tablist", { name: "Metrics sections" })
        .getByRole("tab", { selected: true })
        .textContent();
    await expect.poll(metricsTab).toBe("User Analytics");
    await page.getByRole("tab", { name: "Matching Performance" }).click();
    await page.waitForURL("**/admin/metrics/matching");
    await page.reload();
    await expect.poll(metricsTab).toBe("Matching Performance");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/admin/metrics");
    await expect.poll(metricsTab).toBe("User Analytics");
  });

  it("keeps an open newsletter editor on reload, and closing it returns to Newsletters", async () => {
    const newsletter = await createNewsletter(story.db, { title: "Navigation Digest" });
    const page = await adminPage();
    await page.goto("/admin/newsletters");
    const row = page.getByRole("listitem").filter({ hasText: "Navigation Digest" });
    await row.getByRole("button", { name: /Edit/ }).click();
    await page.waitForURL(`**/admin/newsletters/${newsletter.id}`);
    const editor = page.getByRole("dialog");
    await editor.waitFor();

    await page.reload();
    await editor.getByText("Navigation Digest").first().waitFor();
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => url.pathname === "/admin/newsletters");
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
    const employee = await story.reusePage(admin);
    await story.signInAs(employee, person);
    await employee.goto("/dashboard");
    await employee.waitForURL((url) => url.pathname === "/home");

    const visitor = await story.reusePage(employee);
    await visitor.goto("/dashboard");
    await visitor.waitForURL((url) => url.pathname === "/auth");
    await visitor.goto("/login");
    await visitor.waitForURL((url) => url.pathname === "/auth");
  });
});

describe("a signed-in visitor is offered their way in", () => {
  it("shows the employee's dashboard and the admin dashboard instead of Sign In", async () => {
    const visitor = await story.newPage();
    await visitor.goto("/");
    const header = visitor.getByRole("banner");
    await header.getByRole("link", { name: "Sign In" }).waitFor();

    const person = await createUser(story.db, { email: "way-in@brew.test", firstName: "Wes" });
    const employee = await story.reusePage(visitor);
    await story.signInAs(employee, person);
    await employee.goto("/");
    await employee.getByRole("banner").getByRole("link", { name: "Go to My Dashboard" }).click();
    await employee.waitForURL((url) => url.pathname === "/home");

    const admin = await adminPage(375, employee);
    await admin.goto("/");
    await admin.getByRole("banner").getByRole("link", { name: "Open Admin Dashboard" }).click();
    await admin.waitForURL((url) => url.pathname === "/admin");
  });
});

describe("the code sign-in keeps its step", () => {
  it("comes back to the code step for the same address after a reload, resends and signs in", async () => {
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("reload@brew.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByRole("heading", { name: "Enter your code", level: 1 }).waitFor();
    await page.getByText("It is valid for 15 minutes.").waitFor();
    const first = await story.smtp.waitForMessage((m) => m.to.includes("reload@brew.test"));
    const firstCode = first.text.match(/\b(\d{6})\b/)?.[1] ?? "";

    // The person comes back to the tab after the code's 15 minutes and reloads it.
    clock.set(new Date(clock.now().getTime() + 20 * 60_000));
    await page.clock.setFixedTime(clock.now());
    await page.reload();
    await page.getByRole("heading", { name: "Enter your code", level: 1 }).waitFor();
    await page.getByText("We sent a 6-digit code to reload@brew.test").waitFor();
    // The screen no longer promises 15 minutes: it says the code has expired.
    await page.getByText("It has expired: press Resend Code for a new one.").waitFor();
    expect(await page.getByText("valid for 15 minutes").count()).toBe(0);
    const kept = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(kept).toContain("reload@brew.test");
    expect(kept).not.toContain(firstCode);
    expect(page.url()).not.toContain("brew.test");

    await page.getByRole("button", { name: "Resend Code" }).click();
    await page.getByText("We sent a new code to reload@brew.test").waitFor();
    await page.getByText("It is valid for 15 minutes.").waitFor();
    const mail = await story.smtp.waitForMessage(
      (m) => m !== first && m.to.includes("reload@brew.test"),
    );
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? "";
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify Code" }).click();
    await page.waitForURL("**/profile");
    await page.goto("/auth/code");
    await page.getByRole("heading", { name: "Sign in with a code", level: 1 }).waitFor();
  });

  it("starts again at the e-mail step after Use Different Email", async () => {
    const page = await story.newPage();
    await page.goto("/auth/code");
    await page.getByLabel("Work email").fill("switch@brew.test");
    await page.getByRole("button", { name: "Send Code" }).click();
    await page.getByRole("heading", { name: "Enter your code", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Use Different Email" }).click();
    await page.reload();
    await page.getByRole("heading", { name: "Sign in with a code", level: 1 }).waitFor();
  });
});

describe("signing out in one tab signs out the others", () => {
  it("takes a second tab on the dashboard to the landing page within seconds", async () => {
    const person = await createUser(story.db, { email: "two-tabs@brew.test", firstName: "Tia" });
    // Two tabs of one browser context opened here, never a page handed on from an earlier story
    // (whose context may carry what that story left in it), and on the story's clock.
    const context = await story.browser.newContext({ baseURL: story.baseUrl });
    onTestFinished(() => context.close());
    await context.clock.setFixedTime(clock.now());
    const tabA = await context.newPage();
    await story.signInAs(tabA, person);
    const tabB = await context.newPage();
    await tabA.goto("/home");
    await tabB.goto("/profile");
    await tabB.getByRole("button", { name: "Sign Out" }).first().waitFor();

    await tabA.getByRole("button", { name: "Sign Out" }).first().click();
    await tabA.waitForURL((url) => url.pathname === "/");
    await tabB.waitForURL((url) => url.pathname === "/", { timeout: 5_000 });
    await tabB.getByRole("banner").getByRole("link", { name: "Sign In" }).waitFor();
  });

  it("leaves a signed-in page when the tab is shown again after the session ended elsewhere", async () => {
    const person = await createUser(story.db, { email: "ended@brew.test", firstName: "Eli" });
    const page = await story.newPage();
    await story.signInAs(page, person);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Sign Out" }).first().waitFor();
    // Signed out elsewhere (no message reaches this tab); then the person comes back to the tab.
    await page.evaluate(() => fetch("/api/logout", { method: "POST" }));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForURL((url) => url.pathname === "/");
  });
});

describe("the Current Pairings dialog fits a narrow screen", () => {
  it("stays inside the viewport at 375 and 512 px and scrolls inside", async () => {
    const pairing = await createPairing(story.db, {
      month: clock.now().toISOString().slice(0, 7),
      status: "active",
    });
    for (let i = 0; i < 12; i++) {
      const one = await createUser(story.db, {
        email: `fit-a${i}@brew.test`,
        firstName: `Maximiliana${i}`,
        lastName: "Featherstonehaugh-Worthington",
      });
      const two = await createUser(story.db, { email: `fit-b${i}@brew.test`, firstName: `Bo${i}` });
      await createMatch(story.db, { members: [one, two], pairing });
    }
    // One admin opens the dialog at 375 px, then widens the window to 512 px with it open: the
    // layout follows the width (media queries), so a second load of the dashboard would draw the
    // same dialog at 512 px again.
    const page = await adminPage(375);
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto("/admin");
    await page.getByRole("button", { name: /View Current Pairings/ }).click();
    const dialog = page.getByRole("dialog", { name: "Current Pairings" });
    await dialog.getByRole("table").waitFor();
    for (const width of [375, 512]) {
      await page.setViewportSize({ width, height: 700 });
      const box = await dialog.boundingBox();
      expect(box, `${width}px`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `${width}px`).toBeGreaterThanOrEqual(0);
      expect(box.y, `${width}px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width}px`).toBeLessThanOrEqual(width);
      expect(box.y + box.height, `${width}px`).toBeLessThanOrEqual(700);
      const close = await dialog.getByRole("button", { name: "Close" }).boundingBox();
      expect((close?.x ?? width) + (close?.width ?? 0), `${width}px`).toBeLessThanOrEqual(width);
      // Nothing of a match is hidden past the right edge: the rows stack on a narrow screen.
      const table = dialog.getByRole("region", { name: "Current pairings table" });
      const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
      const status = await dialog.locator("[data-match-status]").first().boundingBox();
      expect((status?.x ?? width) + (status?.width ?? 0), `${width}px`).toBeLessThanOrEqual(width);
      expect(await axeViolations(page), `${width}px`).toEqual([]);
    }
  });
});
