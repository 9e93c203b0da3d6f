import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMatch,
  createPairing,
  createUser,
  createWhitelistedGroup,
} from "../src/server/test/factories";
import { axeViolations, hasHorizontalScroll, type Story, startStory } from "./support/harness";

let story: Story;
beforeAll(async () => {
  story = await startStory();
  await createWhitelistedGroup(story.db, { displayName: "Journey Co", domain: "journey.test" });
});
afterAll(() => story?.close());

const AGREEMENT = "I agree to receive monthly match notifications and participate in coffee chats";

describe("someone who has not finished setting up", () => {
  it("is sent from /home and /matches to setup, with the name read from the e-mail", async () => {
    const user = await createUser(story.db, {
      email: "nina.newcomer@journey.test",
      firstName: null,
      lastName: null,
      department: null,
      needsProfileSetup: true,
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, user);
    for (const path of ["/home", "/matches"]) {
      await page.goto(path);
      await page.waitForURL("**/profile");
      await page
        .getByRole("heading", { name: "Almost There! Let's Get You Set Up", level: 1 })
        .waitFor();
      const text = await page.locator("main").innerText();
      expect(text).not.toContain("Welcome back");
      expect(text).not.toContain("You'll be paired");
    }
    expect(await page.getByLabel("First name").inputValue()).toBe("Nina");
    expect(await page.getByLabel("Last name").inputValue()).toBe("Newcomer");
    await page.getByRole("option", { name: "Engineering" }).waitFor({ state: "attached" });
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("sees the first invalid field below the sticky header and the agreement error under its box", async () => {
    const user = await createUser(story.db, {
      email: "omar.okafor@journey.test",
      firstName: null,
      lastName: null,
      department: null,
      needsProfileSetup: true,
    });
    const page = await story.newPage({ width: 375, height: 700 });
    await story.signInAs(page, user);
    await page.goto("/profile");
    await page.getByRole("option", { name: "Engineering" }).waitFor({ state: "attached" });
    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    await page.getByText("First name is required", { exact: true }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          const header = document.querySelector("header");
          if (!focused || !header || focused.tagName !== "INPUT")
            return `not ${focused?.outerHTML}`;
          const top = focused.getBoundingClientRect().top;
          return top >= header.getBoundingClientRect().bottom && top < window.innerHeight
            ? focused.getAttribute("name")
            : "hidden";
        }),
      )
      .toBe("firstName");
    const agreement = page.getByLabel(AGREEMENT);
    const error = await page.evaluate((label) => {
      const box = [...document.querySelectorAll("label")].find(
        (l) => l.textContent === label,
      )?.control;
      const note = document.getElementById(box?.getAttribute("aria-describedby") ?? "");
      if (!box || !note) return null;
      const below = note.getBoundingClientRect().top >= box.getBoundingClientRect().bottom;
      return { text: note.textContent, below };
    }, AGREEMENT);
    expect(error).toEqual({
      text: "One more thing! Please check the box to join our coffee chat community!",
      below: true,
    });

    await page.getByLabel("First name").fill("Omar");
    await page
      .getByRole("combobox", { name: "Department *" })
      .selectOption({ label: "Engineering" });
    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    const reminder = page.getByText("One more thing!");
    await reminder.waitFor();
    await expect.poll(() => agreement.evaluate((el) => el === document.activeElement)).toBe(true);
    await agreement.check();
    await reminder.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Join Coffee Chat Network" }).click();
    await page.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();
    await page.goto("/home");
    await page
      .getByText("Welcome, Omar! Your first coffee chat comes with the next monthly pairing.")
      .waitFor();
  });
});

describe("one vocabulary for a match's state", () => {
  it("shows the current and a past match identically on /home and /matches", async () => {
    const me = await createUser(story.db, { firstName: "Vera", lastName: "Vocab" });
    await createMatch(story.db, {
      members: [me, await createUser(story.db, { firstName: "Olga", lastName: "Orr" })],
    });
    await createMatch(story.db, {
      members: [await createUser(story.db, { firstName: "Paul", lastName: "Past" }), me], // An earlier round still running: past, and still open to an answer.
      pairing: await createPairing(story.db, { month: "2026-01" }),
      matchDate: new Date("2026-01-04T00:00:00Z"),
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, me);

    const states = async () => {
      const current = page.getByTestId("match-state").first();
      const past = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "Paul Past" }) })
        .getByTestId("match-state");
      await current.waitFor();
      return { current: await current.textContent(), past: await past.textContent() };
    };
    await page.goto("/home");
    await page.getByRole("heading", { name: "Paul Past" }).waitFor();
    const onHome = await states();
    expect(onHome).toEqual({
      current: "ActiveYour answer: Not met yet",
      past: "No answer",
    });
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/matches");
    await page.getByRole("heading", { name: "Paul Past" }).waitFor();
    expect(await states()).toEqual(onHome);

    await page.getByRole("button", { name: /^We didn't meet: Paul Past/ }).click();
    await page.locator('[data-answer="not_confirmed"]').waitFor();
    await page.goto("/home");
    await page.getByRole("heading", { name: "Paul Past" }).waitFor();
    expect((await states()).past).toBe("Didn't meet");
  });

  it("keeps the dashboard's layout with skeletons while matches load", async () => {
    const me = await createUser(story.db, { firstName: "Sam", lastName: "Skeleton" });
    const page = await story.newPage();
    await story.signInAs(page, me);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/matches/history", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/home");
    await page.getByRole("heading", { name: "Your Coffee Chat Hub" }).waitFor();
    const busy = page.locator('[aria-busy="true"]');
    await busy.first().waitFor();
    expect(await page.getByText("Loading your matches...").count()).toBe(1);
    const heightWhileLoading = await page.locator("main").evaluate((m) => m.scrollHeight);
    release();
    await page.getByRole("heading", { name: "No Match History" }).waitFor();
    expect(await busy.count()).toBe(0);
    const heightAfter = await page.locator("main").evaluate((m) => m.scrollHeight);
    expect(Math.abs(heightAfter - heightWhileLoading)).toBeLessThan(200);
  });
});
