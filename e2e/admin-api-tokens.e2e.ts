import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../src/server/clock";
import { createAdmin } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

/** An admin makes a read-only API token for a BI tool, the tool reads with it, and it is revoked. */
const clock = fixedClock("2027-02-10T09:00:00Z");
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

const readUsers = (secret: string) =>
  fetch(`${story.baseUrl}/api/admin/users`, { headers: { authorization: `Bearer ${secret}` } });

async function createToken(page: Page, name: string): Promise<string> {
  const form = page.getByRole("form", { name: "New API token" });
  await form.getByLabel("Token name").fill(name);
  await form.getByLabel("Scope").selectOption("read");
  await form.getByLabel("Expires in days").fill("30");
  await form.getByRole("button", { name: "Create Token" }).click();
  const secret = page.getByTestId("new-api-token");
  await secret.waitFor();
  return (await secret.innerText()).trim();
}

describe("API tokens on the console", () => {
  it("creates a read-only token shown once, which reads the admin API until it is revoked", async () => {
    const admin = await createAdmin(story.db, { email: "ops@tokens.test", firstName: "Ola" });
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/settings");
    await page.getByRole("heading", { name: "API tokens" }).waitFor();
    await page.getByText("No API tokens yet.").waitFor();

    const secret = await createToken(page, "BI dashboard");
    expect(secret).toMatch(/^coj_[\w-]{40,}$/);
    const row = page.getByRole("list", { name: "API tokens" }).getByRole("listitem");
    await expect.poll(() => row.innerText()).toContain("BI dashboard");
    expect(await row.innerText()).toContain("Read-only");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect.poll(() => page.getByTestId("new-api-token").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    expect((await readUsers(secret)).status).toBe(200);
    await page.getByRole("button", { name: "Revoke BI dashboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => row.innerText()).toContain("Revoked Wed, Feb 10, 2027");
    expect((await readUsers(secret)).status).toBe(401);
  });

  it("copies the new secret with one press, and takes it off the screen when it is revoked", async () => {
    const admin = await createAdmin(story.db, { email: "ops2@tokens.test", firstName: "Ota" });
    const page = await story.newPage({ width: 375, height: 900 });
    await story.signInAs(page, admin);
    await page.goto("/admin/settings");
    const secret = await createToken(page, "HR script");
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    // On the clipboard, or (without the clipboard API) selected for the copy command.
    await page
      .getByText(/^Token (copied|selected)$/)
      .first()
      .waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole("button", { name: "Revoke HR script" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => page.getByTestId("new-api-token").count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    expect((await readUsers(secret)).status).toBe(401);
  });
});
