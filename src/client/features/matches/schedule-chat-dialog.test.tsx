import { CHAT_START_OUT_OF_RANGE, CHAT_START_PASSED } from "@shared/calendar";
import type { MatchItem } from "@shared/matches";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import {
  ChatTimeFields,
  chosenStart,
  chosenStartProblem,
  InvitationLinks,
  OutsideHoursNote,
  outsideHoursLines,
  sentForText,
} from "./schedule-chat-dialog";

const noop = () => {};

describe("the Schedule Coffee Chat dialog's zone", () => {
  it("names the reader's zone beside the Day and Time fields, as the match page does", () => {
    const html = renderToStaticMarkup(
      <ChatTimeFields
        id="f"
        zone="Asia/Kolkata"
        date="2026-11-30"
        time="10:00"
        error={undefined}
        onDate={noop}
        onTime={noop}
      />,
    );
    expect(html).toContain('<p id="f-zone" class="text-sm text-muted-foreground">');
    expect(html).toContain("Day and time in your time zone, India Standard Time (Asia/Kolkata).");
    expect(html.match(/aria-describedby="f-zone"/g)).toHaveLength(2);
  });

  it("starts its calendar on the server's day in the reader's zone, not the browser's", () => {
    // The browser's clock a month behind; on the server it is already New Year's Day in Kolkata.
    vi.useFakeTimers({ now: new Date("2026-12-01T08:00:00Z"), toFake: ["Date"] });
    const html = renderToStaticMarkup(
      <ChatTimeFields
        id="f"
        zone="Asia/Kolkata"
        now="2026-12-31T20:00:00.000Z"
        date="2027-01-04"
        time="10:00"
        error={undefined}
        onDate={noop}
        onTime={noop}
      />,
    );
    vi.useRealTimers();
    expect(html).toContain('min="2027-01-01"');
  });

  it("reads the fields in the zone it names, not the browser's", () => {
    expect(chosenStart("2026-11-30", "10:00", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-11-30T04:30:00.000Z",
    );
    expect(chosenStart("2026-11-30", "10:00", "America/New_York")?.toISOString()).toBe(
      "2026-11-30T15:00:00.000Z",
    );
    expect(chosenStart("2026-11-30", "", "Europe/Berlin")).toBeNull();
  });

  it("refuses a day and time that has passed by the page's clock, even earlier today", () => {
    // Monday 30 November, 10:30 in New York.
    const now = new Date("2026-11-30T15:30:00Z");
    const inNewYork = (date: string, time: string) => chosenStart(date, time, "America/New_York");
    expect(chosenStartProblem(inNewYork("2026-11-29", "10:00"), now)).toBe(CHAT_START_PASSED);
    expect(chosenStartProblem(inNewYork("2026-11-30", "10:00"), now)).toBe(CHAT_START_PASSED);
    expect(chosenStartProblem(inNewYork("2026-11-30", "10:30"), now)).toBeUndefined();
    expect(chosenStartProblem(inNewYork("2026-12-01", "10:00"), now)).toBeUndefined();
    expect(chosenStartProblem(inNewYork("2028-01-03", "10:00"), now)).toBe(CHAT_START_OUT_OF_RANGE);
    expect(chosenStartProblem(inNewYork("2026-12-01", ""), now)).toBe(
      "Please pick a day and a time.",
    );
  });

  it("says the time sent with the zone named", () => {
    const start = new Date("2026-11-30T09:00:00.000Z");
    expect(sentForText(start, "Europe/Berlin")).toBe(
      "Sent for Mon, Nov 30, 10:00 Central European Time (Europe/Berlin).",
    );
    const html = renderToStaticMarkup(
      <InvitationLinks
        ics="/api/matches/1/invitation.ics"
        event={{ title: "Coffee", details: "", start, end: new Date(start.getTime() + 1_800_000) }}
        zone="America/New_York"
        onDownload={noop}
      />,
    );
    expect(html).toContain("Sent for Mon, Nov 30, 04:00 Eastern Time (America/New York).");
  });
});

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
const partner = (id: string, firstName: string): MatchItem["partners"][number] => ({
  id,
  firstName,
  lastName: "Rao",
  email: `${id}@acme.example`,
  profileImageUrl: null,
  department: null,
  departmentDisplayName: null,
  bio: null,
});
const priya = partner("p", "Priya");
const lena = partner("l", "Lena");
/** The reader in New York, Priya in Bengaluru and Lena in Berlin, all on weekdays 09:00–17:00. */
const zones = {
  members: [
    { userId: "me", timeZone: "America/New_York", workingHours: weekdays },
    { userId: "p", timeZone: "Asia/Kolkata", workingHours: weekdays },
    { userId: "l", timeZone: "Europe/Berlin", workingHours: weekdays },
  ],
  yourTimeZoneConfirmed: true,
};
/** A start the reader picked in their own zone, as the dialog reads it. */
const inNewYork = (date: string, time: string) => chosenStart(date, time, "America/New_York");

describe("the Schedule Coffee Chat dialog's working-hours warning", () => {
  it("names the partner and their own time when the chat falls outside their working hours", () => {
    // Monday 11:30 in New York is 22:00 in Bengaluru and 17:30 in Berlin.
    expect(outsideHoursLines([priya, lena], zones, inNewYork("2026-11-30", "11:30"))).toEqual([
      "That is Mon, Nov 30, 22:00 India Standard Time (Asia/Kolkata) for Priya, outside their working hours.",
      "That is Mon, Nov 30, 17:30 Central European Time (Europe/Berlin) for Lena, outside their working hours.",
    ]);
  });

  it("says nothing when the whole chat is inside every partner's hours, and warns when it runs past their end", () => {
    // Sunday 23:00 in New York is Monday 09:30 in Bengaluru.
    expect(outsideHoursLines([priya], zones, inNewYork("2026-11-29", "23:00"))).toEqual([]);
    // 16:30–17:00 in Bengaluru ends as the day does; 16:45 runs past it.
    expect(outsideHoursLines([priya], zones, new Date("2026-11-30T11:00:00Z"))).toEqual([]);
    expect(outsideHoursLines([priya], zones, new Date("2026-11-30T11:15:00Z"))).toHaveLength(1);
    // Saturday is no working day in Bengaluru, whatever the hour.
    expect(outsideHoursLines([priya], zones, new Date("2026-12-05T05:00:00Z"))).toEqual([
      "That is Sat, Dec 5, 10:30 India Standard Time (Asia/Kolkata) for Priya, outside their working hours.",
    ]);
  });

  it("warns about nobody while the start or the members' hours are unknown", () => {
    expect(outsideHoursLines([priya], undefined, inNewYork("2026-11-30", "11:30"))).toEqual([]);
    expect(outsideHoursLines([priya], zones, null)).toEqual([]);
  });

  it("shows the warning in a live region that stays on the page, and says the time can still be sent", () => {
    const empty = renderToStaticMarkup(<OutsideHoursNote id="w" lines={[]} />);
    expect(empty).toBe('<div id="w" role="status"></div>');
    const html = renderToStaticMarkup(
      <OutsideHoursNote
        id="w"
        lines={["That is Mon, Nov 30, 22:00 … for Priya, outside their working hours."]}
      />,
    );
    expect(html).toContain("for Priya, outside their working hours.");
    expect(html).toContain("You can still send the invitation for this time.");
  });
});
