import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChatTimeFields } from "../../features/matches/schedule-chat-dialog";
import { HoursEditor } from "../../features/working-hours/hours-editor";
import { clockTimes } from "./time-select";

const noop = () => {};
/** Each select's chosen option, as the page shows it. */
const chosen = (html: string) =>
  [...html.matchAll(/<option[^>]*selected=""[^>]*>([^<]*)</g)].map((m) => m[1]);

describe('a time a person picks (docs/scheduling.md, "How times and zones are written")', () => {
  it("is listed on the 24-hour clock, a quarter hour apart, 24:00 only as a day's end", () => {
    const times = clockTimes(15, false);
    expect(times).toHaveLength(96);
    expect([times[0], times[1], times[68], times[95]]).toEqual([
      "00:00",
      "00:15",
      "17:00",
      "23:45",
    ]);
    expect(clockTimes(30, true).at(-1)).toBe("24:00");
  });

  it("shows the working hours as the rest of the app writes them, an odd minute and 24:00 too", () => {
    const html = renderToStaticMarkup(
      <HoursEditor
        value={[
          { day: 1, start: "08:00", end: "17:00" },
          { day: 2, start: "09:10", end: "24:00" },
        ]}
        onChange={noop}
      />,
    );
    expect(chosen(html)).toEqual(["08:00", "17:00", "09:10", "24:00"]);
    expect(html).not.toMatch(/type="time"|\b(AM|PM)\b/);
  });

  it("shows the chat's time the same way, and none chosen before one is given", () => {
    const fields = (time: string) =>
      renderToStaticMarkup(
        <ChatTimeFields
          id="f"
          zone="Europe/Berlin"
          date="2027-03-15"
          time={time}
          error={undefined}
          onDate={noop}
          onTime={noop}
        />,
      );
    expect(chosen(fields("14:30"))).toEqual(["14:30"]);
    expect(fields("14:30")).not.toContain('type="time"');
    expect(chosen(fields(""))).toEqual(["Choose a time"]);
  });

  it("is never a native time input, which shows the browser's own clock", () => {
    const client = path.resolve(import.meta.dirname, "../..");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return files(full);
        return /\.tsx$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
      });
    const offenders = files(client).filter((file) =>
      /type=["{]+["']?time["']/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
