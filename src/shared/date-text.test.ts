import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bookingTimeLabel } from "./booking";
import {
  longDate,
  longDateTime,
  longDay,
  shortDate,
  shortDateTime,
  shortDay,
  shortMonth,
} from "./date-text";
import { atInZone } from "./zone-clock";

// Tuesday 2 March 2027, 23:30 UTC: already Wednesday in Berlin, still Tuesday in New York.
const at = "2027-03-02T23:30:00.000Z";

describe("a date written to a person, the one way (docs/scheduling.md)", () => {
  it("is month before day with the weekday first, short or long", () => {
    expect(shortDate(at, "America/New_York")).toBe("Tue, Mar 2");
    expect(shortDate(at, "Europe/Berlin")).toBe("Wed, Mar 3");
    expect(longDate(at, "Europe/Berlin")).toBe("Wednesday, March 3");
    expect(shortDate(at, "UTC", { year: true })).toBe("Tue, Mar 2, 2027");
    expect(longDate(at, "UTC", { year: true })).toBe("Tuesday, March 2, 2027");
  });

  it("puts a time after the date on the 24-hour clock, midnight as 00:00", () => {
    expect(shortDateTime(at, "Europe/Berlin")).toBe("Wed, Mar 3, 00:30");
    expect(longDateTime(at, "America/New_York")).toBe("Tuesday, March 2 at 18:30");
    expect(longDateTime(at, "UTC", { year: true })).toBe("Tuesday, March 2, 2027 at 23:30");
  });

  it("reads a calendar day as that day, whatever the runtime's zone", () => {
    expect(shortDay("2027-04-01")).toBe("Thu, Apr 1");
    expect(longDay("2027-04-01", { year: true })).toBe("Thursday, April 1, 2027");
    expect(shortDay("2027-12-31T00:00:00.000Z", { year: true })).toBe("Fri, Dec 31, 2027");
    expect(shortMonth("2027-02")).toBe("Feb 2027");
  });

  it("is the same short form on the admin pages and the match page", () => {
    const admin = atInZone(at, "Europe/Berlin");
    expect(admin.startsWith(bookingTimeLabel(at, "Europe/Berlin"))).toBe(true);
    expect(admin).toBe("Wed, Mar 3, 00:30 Central European Time (Europe/Berlin)");
  });
});

/** Every source file under src/ but the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * A date written for people by a file itself: the runtime's date texts, a named weekday or month
 * asked of Intl, a date style, a date-fns pattern (quoted) with a named weekday or month, or a
 * round named by a row's month key ("the ${step.month} round" reads "the 2027-04 round"), or a
 * month written as its number and year ("3/2027"); a month's name is `monthDisplay` or
 * `shortMonth`.
 */
const ownDateWriting =
  /toLocaleDateString|toLocaleTimeString|toLocaleString\(\s*["'`][^"'`]*["'`]\s*,\s*\{|(weekday|month)\s*:\s*["'`](short|long|narrow)|dateStyle|["'`][^"'`]*(EEE|MMM|LLL)[^"'`]*["'`]|\$\{\s*\w+\.month\s*\} round\b|\$\{\s*[\w.]*[Mm]onth\s*\}\s*\/\s*\$\{\s*[\w.]*[Yy]ear\s*\}/;

describe("who writes a date for people", () => {
  it("catches each way a file could write one itself", () => {
    const lines = [
      'new Date(x).toLocaleDateString("en-GB")',
      'new Date(x).toLocaleString("en", { month: "short" })',
      'new Intl.DateTimeFormat("en", { weekday: "short", day: "numeric" })',
      'new Intl.DateTimeFormat(undefined, { dateStyle: "medium" })',
      'format(parseISO(day), "EEEE, MMMM d")',
      'const pattern = "EEE, MMM d";',
      `note: \`Called off: the \${dates.month} round came due first.\``,
      `["Month", \`\${log.month}/\${log.year}\`],`,
    ];
    for (const line of lines) expect(line).toMatch(ownDateWriting);
    for (const line of [
      'format(day, "yyyy-MM-dd")',
      'n.toLocaleString("en")',
      "weekday: form.weekday",
      `\`Called off: the \${monthDisplay(dates.month)} round came due first.\``,
      `const url = \`/api/admin/rounds/\${scopeKey}/\${month}/draft\`;`,
    ]) {
      expect(line).not.toMatch(ownDateWriting);
    }
  });

  it("is date-text.ts alone: no other file formats a date for people", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const offenders = sourceFiles(src)
      .filter((file) => !file.endsWith(path.join("shared", "date-text.ts")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) =>
            ownDateWriting.test(line)
              ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
