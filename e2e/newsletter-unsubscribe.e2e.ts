import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthSecret } from "../src/server/app-secret";
import { users } from "../src/server/db/schema";
import { unsubscribeToken } from "../src/server/mail/signed-links";
import { createUser } from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
let secret: string;
beforeAll(async () => {
  story = await startStory();
  secret = await getAuthSecret(story.server.app.ctx);
});
afterAll(() => story?.close());

const statusOf = async (id: string) =>
  (await story.db.select().from(users).where(eq(users.id, id)))[0].participationStatus;
const linkFor = (user: { id: string }) =>
  `/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, user.id))}`;

describe("the newsletter's unsubscribe link", () => {
  it("opened in a browser offers a pause, and changes nothing until a button is pressed", async () => {
    const user = await createUser(story.db, { email: "ada.reader@acme.test" });
    const page = await story.newPage({ width: 375, height: 800 });
    await page.goto(linkFor(user));
    await page.getByText(/Need a break rather than a goodbye\?/).waitFor();
    await page.getByText(/a\*\*\*@acme\.test/).waitFor();
    expect(await statusOf(user.id)).toBe("active");
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Pause for 1 month" }).click();
    await page.getByText("Your participation is paused for one month.").waitFor();
    expect(await statusOf(user.id)).toBe("paused");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("opts out from the page", async () => {
    const user = await createUser(story.db);
    const page = await story.newPage();
    await page.goto(linkFor(user));
    await page.getByRole("button", { name: "Opt out" }).click();
    await page
      .getByText("You have opted out and will receive no more Cup of Joe newsletters.")
      .waitFor();
    expect(await statusOf(user.id)).toBe("opted_out");
  });

  it("explains a broken link", async () => {
    const page = await story.newPage();
    await page.goto("/unsubscribe?token=not-a-real-token");
    await page.getByText("This link does not work").waitFor();
    await page.getByText(/This unsubscribe link is not valid/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("opts out on a mail provider's one-click POST to the same URL", async () => {
    const user = await createUser(story.db);
    const res = await fetch(`${story.baseUrl}${linkFor(user)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await statusOf(user.id)).toBe("opted_out");
  });
});
