import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDepartment,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
});
afterAll(() => story?.close());

async function employeeWithMatch() {
  await createDepartment(story.db, { name: `design-${Date.now()}`, displayName: "Design Studio" });
  const me = await createUser(story.db, { firstName: "Ada", lastName: "Lovelace" });
  const partner = await createUser(story.db, {
    firstName: "Grace",
    lastName: "Hopper",
    bio: "Ask me about <b>compilers</b>.",
  });
  const match = await createMatch(story.db, { user1: partner, user2: me });
  const past = await createMatch(story.db, {
    user1: me,
    user2: await createUser(story.db, { firstName: "Alan", lastName: "Turing" }),
    pairing: await createPairing(story.db, { month: "2027-01", status: "completed" }),
    matchDate: new Date("2027-01-04T00:00:00Z"),
  });
  return { me, partner, match, past };
}

describe("an employee with a match", () => {
  it("marks Met My Match and sees the green badge", async () => {
    const { me, partner } = await employeeWithMatch();
    const page = await story.newPage();
    await story.signInAs(page, me);
    await page.goto("/matches");
    await page.getByRole("heading", { name: "My Coffee Matches", level: 1 }).waitFor();
    const current = page.getByRole("region", { name: "Current match" });
    await current.getByRole("heading", { name: "Grace Hopper" }).waitFor();
    expect(await current.innerText()).toContain(partner.email);
    expect(await current.innerText()).toContain("Ask me about <b>compilers</b>.");
    expect(await current.locator('[data-status="pending"]').innerText()).toBe("Pending");
    expect(await axeViolations(page)).toEqual([]);

    await current.getByRole("button", { name: "Met My Match" }).click();
    await page.getByText("Connection status updated!", { exact: true }).waitFor();
    const badge = current.locator('[data-status="confirmed"]');
    await badge.waitFor();
    expect(await badge.innerText()).toBe("Met My Match");
    expect(await badge.getAttribute("class")).toContain("bg-green-100");
    expect(await current.getByRole("button", { name: "Missed This Month" }).count()).toBe(0);
  });

  it("answers a past match from the history grid and marks the current one completed", async () => {
    const { me } = await employeeWithMatch();
    const page = await story.newPage();
    await story.signInAs(page, me);
    await page.goto("/matches");
    const history = page.getByRole("region", { name: "Match History" });
    await history.getByRole("heading", { name: "Alan Turing" }).waitFor();
    expect(await history.innerText()).toContain("January 2027");
    await history.getByRole("button", { name: /^No Connection with Alan Turing/ }).click();
    await history.locator('[data-status="not_confirmed"]').waitFor();
    expect(await history.getByRole("button", { name: /^Connected with/ }).count()).toBe(0);

    await page.getByRole("button", { name: "Mark as Completed" }).click();
    await page.getByText("Coffee chat marked as completed!", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "No Current Match" }).waitFor();
    await history.getByRole("heading", { name: "Grace Hopper" }).waitFor();
    expect(await history.getByText("Completed", { exact: true }).count()).toBe(1);
  });

  it("schedules the chat with an .ics invitation for both people or a Google Calendar link", async () => {
    const { me, partner, match } = await employeeWithMatch();
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, me);
    await page.goto("/matches");
    await page.getByRole("button", { name: "Schedule Coffee Chat" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule your coffee chat" });
    await dialog.waitFor();
    const ics = dialog.getByRole("link", { name: "Download invitation (.ics)" });
    expect(await ics.getAttribute("href")).toBe(`/api/matches/${match.id}/calendar.ics`);
    const google = new URL(
      (await dialog.getByRole("link", { name: /Google Calendar/ }).getAttribute("href")) ?? "",
    );
    expect(google.host).toBe("calendar.google.com");
    expect(google.searchParams.get("add")).toBe(`${me.email},${partner.email}`);
    const download = page.waitForEvent("download");
    await ics.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("coffee-chat-2027-03.ics");
    const body = await page.request.get(`/api/matches/${match.id}/calendar.ics`);
    const text = (await body.text()).replace(/\r\n /g, "");
    expect(text).toContain(`ATTENDEE;CN="Ada Lovelace"`);
    expect(text).toContain(`mailto:${partner.email}`);
  });

  it("works at 375 px without horizontal scroll and passes axe", async () => {
    const { me } = await employeeWithMatch();
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, me);
    await page.goto("/matches");
    await page.getByRole("heading", { name: "Alan Turing" }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("a visitor who is not signed in", () => {
  it("is told they are logged out and sent to the login endpoint", async () => {
    const page = await story.newPage();
    await page.goto("/matches");
    await page.getByText("You are logged out. Logging in again...", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname !== "/matches");
  });
});
