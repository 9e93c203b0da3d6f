import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { alreadyBookedMessage, bookedText, timeInYourZone, yourTimeText } from "./booking";
import { isIanaTimeZone } from "./working-hours";
import { atInZone, knownTimeZones, timeInZone } from "./zone-clock";
import {
  currentZoneName,
  pickerZones,
  searchZones,
  withZone,
  zoneNameForPeople,
} from "./zone-names";

// The zone picker finds a renamed zone by its current and its old name, whichever the runtime lists.
const chromeLists = ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon", "Europe/Berlin", "UTC"];
const newerLists = ["Asia/Kolkata", "Europe/Kyiv", "Asia/Ho_Chi_Minh", "Europe/Berlin", "UTC"];

describe("searching time zones", () => {
  it.each([
    ["Kolkata", "Asia/Calcutta", "Asia/Kolkata"],
    ["calcutta", "Asia/Calcutta", "Asia/Kolkata"],
    ["Kyiv", "Europe/Kiev", "Europe/Kyiv"],
    ["kiev", "Europe/Kiev", "Europe/Kyiv"],
    ["Ho Chi Minh", "Asia/Saigon", "Asia/Ho_Chi_Minh"],
    ["saigon", "Asia/Saigon", "Asia/Ho_Chi_Minh"],
  ])("finds %s under either name", (typed, oldName, currentName) => {
    expect(searchZones(chromeLists, typed)).toEqual([oldName]);
    expect(searchZones(newerLists, typed)).toEqual([currentName]);
  });

  it("finds them in the list this runtime knows", () => {
    const zones = knownTimeZones();
    for (const typed of ["Kolkata", "Kyiv", "Ho Chi Minh", "Calcutta", "Kiev", "Saigon"]) {
      expect(searchZones(zones, typed), typed).not.toEqual([]);
    }
  });

  it("keeps the whole list for an empty search, and finds a zone by its name for people", () => {
    expect(searchZones(chromeLists, "  ")).toEqual(chromeLists);
    expect(searchZones(chromeLists, "berl")).toEqual(["Europe/Berlin"]);
    expect(searchZones(chromeLists, "central  european")).toEqual(["Europe/Berlin"]);
    expect(searchZones(chromeLists, "india standard")).toEqual(["Asia/Calcutta"]);
  });

  it("lists each zone once, by its current name, in the order of its name for people", () => {
    const listed = pickerZones([...chromeLists, ...newerLists]);
    expect(listed).toEqual([
      "Europe/Berlin",
      "Europe/Kyiv",
      "Asia/Kolkata",
      "Asia/Ho_Chi_Minh",
      "UTC",
    ]);
    const names = pickerZones(knownTimeZones()).map(zoneNameForPeople);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => /Calcutta|Buenos_Aires|_/.test(name))).toEqual([]);
  });
});

describe("a zone as people know it", () => {
  it("names it, by its current name, and both names are valid zones", () => {
    expect(zoneNameForPeople("UTC")).toBe("UTC");
    expect(zoneNameForPeople("Asia/Calcutta")).toBe("India Standard Time (Asia/Kolkata)");
    expect(zoneNameForPeople("Europe/Berlin")).toBe("Central European Time (Europe/Berlin)");
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Asia/Kolkata")).toBe("Asia/Kolkata");
    for (const zone of ["Asia/Calcutta", "Asia/Kolkata"]) expect(isIanaTimeZone(zone)).toBe(true);
  });
});

describe("a zone written to a person, the one way (docs/scheduling.md)", () => {
  // Tuesday 2 March 2027, 15:00 UTC: 10:00 in New York, 16:00 in Berlin, 20:30 in Kolkata.
  const at = "2027-03-02T15:00:00.000Z";

  it("is the name people know and the IANA name with spaces, whoever writes it", () => {
    const newYork = "Eastern Time (America/New York)";
    expect(zoneNameForPeople("America/New_York")).toBe(newYork);
    expect(withZone("10:00", "America/New_York")).toBe(`10:00 ${newYork}`);
    // The admin pages' writers and the match page's, each on the 24-hour clock.
    expect(atInZone(at, "America/New_York")).toBe(`Tue, Mar 2, 10:00 ${newYork}`);
    expect(timeInZone(at, "America/New_York")).toBe(`10:00 ${newYork}`);
    expect(timeInYourZone(at, "America/New_York")).toBe(`Tue, Mar 2, 10:00 ${newYork}`);
    expect(bookedText(at, "America/New_York")).toBe(`Booked: Tue, Mar 2, 10:00 ${newYork}`);
    expect(yourTimeText("America/New_York")).toBe(`your time zone, ${newYork}`);
    expect(
      alreadyBookedMessage({ start: at, bookedBy: "Ada", byYou: false }, "Asia/Calcutta"),
    ).toBe(
      "Your chat is already booked for Tue, Mar 2, 20:30 India Standard Time (Asia/Kolkata) by Ada. Reload to see it, and choose Move to change it.",
    );
  });

  it("never shows an underscore, an old name or a 12-hour clock", () => {
    const zones = ["America/New_York", "Europe/Berlin", "Asia/Calcutta", "America/Los_Angeles"];
    const written = zones.flatMap((zone) => [
      atInZone(at, zone),
      timeInZone(at, zone),
      timeInYourZone(at, zone),
      yourTimeText(zone),
    ]);
    for (const text of written) {
      expect(text).not.toMatch(/_|Calcutta|\b(AM|PM)\b/);
      expect(text).toMatch(/\)$/);
    }
  });

  it("is the IANA name alone when the runtime has no name for the zone", () => {
    expect(zoneNameForPeople("Not/A_Zone")).toBe("Not/A Zone");
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

describe("who writes a zone's name", () => {
  it("is zone-names.ts alone: no other file turns an IANA name into words", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const ownWriting = /replaceAll\(\s*["'`]_|replace\(\s*\/_\/g|timeZoneName\s*:/;
    const offenders = sourceFiles(src)
      .filter((file) => !file.endsWith(path.join("shared", "zone-names.ts")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) =>
            ownWriting.test(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(offenders).toEqual([]);
  });
});
