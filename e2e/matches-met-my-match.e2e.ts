import type { Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchCalendarEvents } from "../src/server/db/schema";
import { runDueSteps } from "../src/server/jobs/definitions/round-steps";
import {
  createDepartment,
  createMatch,
  createPairing,
  createUser,
} from "../src/server/test/factories";
import { CHAT_START_PASSED } from "../src/shared/calendar";
import { calendarStamp } from "../src/shared/matches";
import { clockIn, dateIn } from "../src/shared/zone-clock";
import {
  axeViolations,
  downloadedText,
  hasHorizontalScroll,
  type Story,
  startStory,
} from "./support/harness";
import { runningClock } from "./support/story-clock";

// The app and each page read one clock, from 10 January 2027; the stories at fixed dates move it
// on (e2e/support/story-clock.ts).
const storyStart = "2027-01-10T09:00:00Z";
const clock = runningClock(storyStart);
let story: Story;
beforeAll(async () => {
  story = await startStory({ clock, pagesOnClock: true });
});
afterAll(() => story?.close());

/** Downloads the .ics behind `link` and answers its text, folded lines joined. */
async function downloadIcs(page: Page, link: Locator): Promise<string> {
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^coffee-chat-\d{4}-\d{2}\.ics$/);
  return (await downloadedText(file)).replace(/\r\n /g, "");
}

/** Opens /matches and waits until the current match is drawn whole, its booking times included. */
async function openMatchesDrawn(page: Page): Promise<Locator> {
  await page.goto("/matches");
  const current = page.getByRole("region", { name: "Current match" });
  await current.getByText("Grace works in your time zone.").waitFor();
  await current
    .getByRole("region", { name: "Coffee chat time" })
    .getByText(/^(These fit everyone's working hours|No time in the next ten working days)/)
    .waitFor();
  return current;
}

async function employeeWithMatch(timeZone: string | null = null) {
  await createDepartment(story.db, { name: `design-${Date.now()}`, displayName: "Design Studio" });
  const me = await createUser(story.db, { firstName: "Ada", lastName: "Lovelace", timeZone });
  const partner = await createUser(story.db, {
    firstName: "Grace",
    lastName: "Hopper",
    bio: "Ask me about <b>compilers</b>.",
    timeZone,
  });
  const match = await createMatch(story.db, { members: [partner, me] });
  // An earlier round still running (past, still open to answers) and a completed one (final).
  const past = await createMatch(story.db, {
    members: [me, await createUser(story.db, { firstName: "Alan", lastName: "Turing" })],
    pairing: await createPairing(story.db, { month: "2026-01" }),
    matchDate: new Date("2026-01-04T00:00:00Z"),
  });
  await createMatch(story.db, {
    members: [me, await createUser(story.db, { firstName: "Kay", lastName: "Closed" })],
    answers: [null, "met"],
    pairing: await createPairing(story.db, { month: "2025-12", status: "completed" }),
    matchDate: new Date("2025-12-01T00:00:00Z"),
  });
  return { me, partner, match, past };
}

describe("an employee with a match", () => {
  it("answers Met My Match, sees the green Met badge and can change the answer", async () => {
    const { me, partner } = await employeeWithMatch();
    const page = await story.newPage();
    await story.signInAs(page, me);
    const current = await openMatchesDrawn(page);
    await page.getByRole("heading", { name: "My Coffee Matches", level: 1 }).waitFor();
    await current.getByRole("heading", { name: "Grace Hopper" }).waitFor();
    await expect.poll(() => current.innerText()).toContain(partner.email);
    await expect.poll(() => current.innerText()).toContain("Ask me about <b>compilers</b>.");
    await expect
      .poll(() => current.locator('[data-answer="pending"]').textContent())
      .toBe("Your answer: Not met yet");
    expect(await axeViolations(page)).toEqual([]);

    await current.getByRole("button", { name: "Met My Match" }).click();
    await page.getByText("Connection status updated!", { exact: true }).waitFor();
    const badge = current.locator('[data-answer="confirmed"]');
    await badge.waitFor();
    await expect.poll(() => badge.textContent()).toBe("Your answer: Met");
    await expect.poll(() => badge.getAttribute("class")).toContain("bg-green-100");
    await expect
      .poll(() => current.getByRole("button", { name: "Missed This Month", exact: true }).count())
      .toBe(0);

    await current.getByRole("button", { name: "Change to Missed This Month" }).click();
    const missed = current.locator('[data-answer="not_confirmed"]');
    await missed.waitFor();
    await expect.poll(() => missed.textContent()).toBe("Your answer: Missed This Month");
    await current.getByRole("button", { name: "Change to Met My Match" }).waitFor();
  });

  it("offers Met My Match only once the booked time has come", async () => {
    const { me, match } = await employeeWithMatch();
    const startsAt = new Date(clock.now().getTime() + 2 * 24 * 3_600_000);
    await story.db
      .insert(matchCalendarEvents)
      .values({ matchId: match.id, startsAt, recipientIds: [me.id], updatedAt: clock.now() });
    /** Opens /matches and waits for the booked time to be drawn. */
    const openBooked = async (page: Page) => {
      await page.goto("/matches");
      const current = page.getByRole("region", { name: "Current match" });
      await current.getByText(/^Booked: /).waitFor();
      return current;
    };
    const page = await story.newPage();
    await story.signInAs(page, me);
    const current = await openBooked(page);
    const met = current.getByRole("button", { name: /^Met My Match/ });
    await expect.poll(() => met.isDisabled()).toBe(true);
    expect(await met.getAttribute("title")).toBe(
      "You can say you met once your booked time has come.",
    );
    // Said on the page too (a phone has no hover), and read with the button by a screen reader.
    const reason = current.getByText("You can say you met once your booked time has come.");
    await reason.waitFor();
    expect(await met.getAttribute("aria-describedby")).toBe(await reason.getAttribute("id"));
    expect(await current.getByRole("button", { name: "Missed This Month" }).isDisabled()).toBe(
      false,
    );

    clock.set(new Date(startsAt.getTime() + 60_000));
    try {
      const later = await story.reusePage(page);
      await story.signInAs(later, me);
      const now = await openBooked(later);
      await now.getByRole("button", { name: "Met My Match", exact: true }).click();
      await later.getByText("Connection status updated!", { exact: true }).waitFor();
    } finally {
      clock.set(storyStart);
    }
  });

  it("answers and changes a past match of a running round; a completed round's is final", async () => {
    const { me } = await employeeWithMatch();
    const page = await story.newPage();
    await story.signInAs(page, me);
    await page.goto("/matches");
    const history = page.getByRole("region", { name: "Match History" });
    const card = (name: string) =>
      history.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    const alan = card("Alan Turing");
    await alan.waitFor();
    await expect.poll(() => alan.innerText()).toContain("January 2026");
    await expect
      .poll(() => alan.locator('[data-answer="pending"]').textContent())
      .toBe("No answer");
    await alan.getByRole("button", { name: /^We didn't meet: Alan Turing/ }).click();
    const answer = alan.locator('[data-answer="not_confirmed"]');
    await answer.waitFor();
    await expect.poll(() => answer.textContent()).toBe("Didn't meet");
    await expect.poll(() => alan.getByRole("button", { name: /^We met:/ }).count()).toBe(0);
    await alan.getByRole("button", { name: /^Change to We met: Alan Turing/ }).click();
    await expect.poll(() => alan.getByTestId("match-state").textContent()).toBe("Met");

    // Kay said they met: the chat counts, and the completed round offers no answer to change.
    const kay = card("Kay Closed");
    await expect.poll(() => kay.getByTestId("match-state").textContent()).toBe("Met");
    expect(await kay.getByRole("button").count()).toBe(0);
    await expect
      .poll(() => page.getByRole("button", { name: "Mark as Completed" }).count())
      .toBe(0);
  });

  // The end of January at 23:30 UTC, when it is already the next day in Berlin: the suggested
  // day is the next weekday after Berlin's today, and a day a week after it at 14:30 is that
  // instant in Berlin's time of year. The two European clock changes and a leap day at the same
  // hour were stories here too, each through the page; what of them is the app's own (the next
  // weekday's 10:00 in the person's zone) is now checked in `src/shared/calendar.test.ts` at the
  // same instants, the invitation sent for a chosen time and moved in
  // `src/server/icalendar/calendar-invitation.test.ts`, and this story keeps the page's part.
  it("on the end of January, sends the chat's invitation at a chosen time, moves it, and offers the same event as .ics, Google or Outlook", async () => {
    const at = "2027-01-31T23:30:00Z";
    const suggestedDay = "2027-02-02";
    const chat = "2027-02-09T13:30:00.000Z";
    clock.set(at);
    // The rounds due by now run first, as the app's own job would within its minute: none then
    // starts in the middle of this story and pairs its people.
    await runDueSteps(story.server.app.ctx);
    // Ada and Grace work in Berlin: the dialog's fields are read in Ada's zone, as the page's times are.
    const { me, partner, match } = await employeeWithMatch("Europe/Berlin");
    const page = await story.newPage({ width: 375, height: 800, timezoneId: "Europe/Berlin" });
    await story.signInAs(page, me);
    await openMatchesDrawn(page);
    await page.getByRole("button", { name: "Schedule Coffee Chat" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule your coffee chat" });
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText()).toContain("We e-mail the invitation to you both");
    await expect.poll(() => dialog.getByLabel("Time").inputValue()).toBe("10:00");
    // The time on the 24-hour clock the rest of the page writes, not the browser's own.
    expect(
      await dialog
        .getByLabel("Time")
        .evaluate((el: HTMLSelectElement) => el.selectedOptions[0].text),
    ).toBe("10:00");
    expect(await dialog.getByLabel("Day").inputValue()).toBe(suggestedDay);
    // The fields name the zone they are read in, in the match page's words.
    await dialog
      .getByText("Day and time in your time zone, Central European Time (Europe/Berlin).")
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const day = chat.slice(0, 10);
    await dialog.getByLabel("Day").fill(day);
    await dialog.getByLabel("Time").selectOption("14:30");
    const start = new Date(chat);
    await dialog.getByRole("button", { name: "Send the invitation to you and Grace" }).click();
    await page.getByText("Invitation sent to everyone in your match.").first().waitFor();
    await dialog.getByRole("button", { name: "Invitation sent for this time" }).waitFor();
    await dialog
      .getByText("Sent for Tue, Feb 9, 14:30 Central European Time (Europe/Berlin).")
      .waitFor();
    const ics = dialog.getByRole("link", { name: "Download the invitation (.ics)" });
    expect(await ics.getAttribute("href")).toBe(`/api/matches/${match.id}/calendar.ics`);
    const google = new URL(
      (await dialog.getByRole("link", { name: /Google Calendar/ }).getAttribute("href")) ?? "",
    );
    expect(google.host).toBe("calendar.google.com");
    expect(google.searchParams.get("dates")?.split("/")[0]).toBe(calendarStamp(start));
    const outlook = new URL(
      (await dialog.getByRole("link", { name: /Outlook on the web/ }).getAttribute("href")) ?? "",
    );
    expect(outlook.host).toBe("outlook.office.com");
    expect(outlook.searchParams.get("startdt")).toBe(start.toISOString());
    expect(await axeViolations(page)).toEqual([]);

    const first = await downloadIcs(page, ics);
    expect(first).toContain(`DTSTART:${calendarStamp(start)}`);
    expect(first).toContain("SEQUENCE:0");
    expect(first).toContain(`ATTENDEE;CN="Ada Lovelace"`);
    expect(first).toContain(`mailto:${partner.email}`);
    expect(first).toMatch(/^ORGANIZER;CN="Cup of Joe[^"]*":mailto:/m);

    // Opened again, the dialog shows the time sent; a new time moves the same event.
    await page.getByRole("button", { name: "Schedule Coffee Chat" }).click();
    await expect.poll(() => dialog.getByLabel("Time").inputValue()).toBe("14:30");
    await dialog.getByLabel("Time").selectOption("15:00");
    await dialog.getByRole("button", { name: "Move the chat to this time" }).click();
    await dialog.getByRole("button", { name: "Invitation sent for this time" }).waitFor();
    const moved = await downloadIcs(page, ics);
    const uid = (text: string) => /^UID:(.+)$/m.exec(text)?.[1];
    expect(uid(moved)).toBe(uid(first));
    expect(moved).toContain("SEQUENCE:1");
    const later = new Date(start.getTime() + 30 * 60 * 1000);
    expect(moved).toContain(`DTSTART:${calendarStamp(later)}`);
  });

  it("keeps the send button off until the day and time make a valid start, one not yet passed by the page's clock", async () => {
    const zone = "America/New_York";
    const { me } = await employeeWithMatch(zone);
    const page = await story.newPage({ timezoneId: zone });
    await story.signInAs(page, me);
    // Pressed as soon as it shows: the card's buttons do not move once drawn (the story below).
    await page.goto("/matches");
    await page.getByRole("button", { name: "Schedule Coffee Chat" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule your coffee chat" });
    const day = dialog.getByLabel("Day");
    // The suggested time is filled in first; the story's choice replaces it.
    await expect.poll(() => day.inputValue()).not.toBe("");
    const send = dialog.getByRole("button", { name: "Send the invitation to you and Grace" });
    await day.fill("2020-01-06");
    await dialog.getByText(CHAT_START_PASSED).waitFor();
    expect(await send.isDisabled()).toBe(true);
    // An hour before the page's clock (it opened at the story's): passed, though the same day.
    const passed = new Date(clock.now().getTime() - 60 * 60_000);
    const { time } = clockIn(zone, passed.getTime());
    await day.fill(dateIn(zone, passed.getTime()));
    await dialog.getByLabel("Time").selectOption(`${time.slice(0, 3)}00`);
    await dialog.getByText(CHAT_START_PASSED).waitFor();
    expect(await send.isDisabled()).toBe(true);
    // The same time tomorrow is ahead: the message goes and the button comes on.
    await day.fill(dateIn(zone, passed.getTime() + 24 * 3_600_000));
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await dialog.getByText(CHAT_START_PASSED).count()).toBe(0);
    expect(await dialog.getByRole("link", { name: /Download the invitation/ }).count()).toBe(0);
  });

  it("keeps the card's buttons in place from their first paint to the loaded times, at 375 px without horizontal scroll and axe-clean", async () => {
    const { me } = await employeeWithMatch();
    // A past group of four with long names: its history card stays inside a phone's width.
    const longNames = ["Bartholomew Fitzgerald", "Maximiliane Oberkirchner", "Konstantinos Papas"];
    const others = [];
    for (const full of longNames) {
      const [firstName, lastName] = full.split(" ");
      others.push(await createUser(story.db, { firstName, lastName }));
    }
    await createMatch(story.db, {
      members: [me, ...others],
      pairing: await createPairing(story.db, { month: "2025-11", status: "completed" }),
      matchDate: new Date("2025-11-02T00:00:00Z"),
    });
    const page = await story.newPage({ width: 375, height: 800 });
    await story.signInAs(page, me);
    const held = await holdLateAnswers(page);
    await recordButtonPositions(page, ["Schedule Coffee Chat", "Met My Match"]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const zones = held.next("time-zones");
      const booking = held.next("booking");
      await page.goto("/matches");
      // The partners' time zones, then the booking times, each answered only after the page has
      // drawn what it can without them.
      await zones.release();
      const current = page.getByRole("region", { name: "Current match" });
      await current.getByRole("button", { name: "Schedule Coffee Chat" }).waitFor();
      await booking.release();
      await current
        .getByText(/^(These fit everyone's working hours|No time in the next ten working days)/)
        .waitFor();
      await page.getByRole("heading", { name: "Alan Turing" }).waitFor();
      await page.getByRole("heading", { name: /^Bartholomew Fitzgerald & / }).waitFor();
      const positions = await page.evaluate(() => (window as unknown as Positions).buttonPositions);
      expect(positions, `${width}px`).toEqual({
        "Schedule Coffee Chat": [expect.any(String)],
        "Met My Match": [expect.any(String)],
      });
      if (width === 375) {
        expect(await hasHorizontalScroll(page)).toBe(false);
        expect(await axeViolations(page)).toEqual([]);
      }
    }
  });
});

interface Positions {
  buttonPositions: Record<string, string[]>;
}

/**
 * Records, at every frame from the document's start, where each named button of the current match
 * is drawn (its page coordinates), each new position once: one entry per button when it never
 * moved.
 */
async function recordButtonPositions(page: Page, names: string[]): Promise<void> {
  await page.addInitScript((names) => {
    const positions: Record<string, string[]> = {};
    (window as unknown as Positions).buttonPositions = positions;
    const look = () => {
      const card = document.querySelector('section[aria-label="Current match"]');
      for (const button of card?.querySelectorAll("button") ?? []) {
        const name = button.textContent?.trim() ?? "";
        if (!names.includes(name)) continue;
        const box = button.getBoundingClientRect();
        const at = `${box.x + window.scrollX},${box.y + window.scrollY}`;
        positions[name] ??= [];
        if (positions[name].at(-1) !== at) positions[name].push(at);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, names);
}

/** A promise and the function that resolves it. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Holds the answers about the match's time zones and its booking (times and invitation) until the
 * story releases them: `next(kind)` arms a hold for the next page load, and its `release()` waits
 * until the page has asked and drawn two frames since, then lets the answer through.
 */
async function holdLateAnswers(page: Page) {
  type Kind = "time-zones" | "booking";
  const gates = new Map<
    Kind,
    { asked: ReturnType<typeof signal>; opened: ReturnType<typeof signal> }
  >();
  const hold = (kind: Kind) => async (route: Route) => {
    const gate = gates.get(kind);
    gate?.asked.resolve();
    await gate?.opened.promise;
    await route.continue();
  };
  await page.route("**/api/matches/*/time-zones", hold("time-zones"));
  await page.route(/\/api\/matches\/\d+\/(times|invitation)$/, hold("booking"));
  return {
    next(kind: Kind) {
      const gate = { asked: signal(), opened: signal() };
      gates.set(kind, gate);
      return {
        async release() {
          await gate.asked.promise;
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          );
          gate.opened.resolve();
        },
      };
    },
  };
}

describe("a visitor who is not signed in", () => {
  it("is told they are logged out and sent to the login endpoint", async () => {
    const page = await story.newPage();
    // Record the page's text as it changes (across the redirect), so the toast's short life
    // before the page leaves cannot be missed on a slow machine.
    const texts: string[] = [];
    await page.exposeFunction("reportText", (text: string) => texts.push(text));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportText: (text: string) => void }).reportText;
      new MutationObserver(() => {
        const text = document.body?.textContent ?? "";
        if (text.includes("logged out")) report(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto("/matches");
    await page.waitForURL((url) => url.pathname !== "/matches");
    expect(texts.join("\n")).toContain("You are logged out. Logging in again...");
  });
});
