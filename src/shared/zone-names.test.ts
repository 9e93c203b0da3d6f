import { describe, expect, it } from "vitest";
import { isIanaTimeZone } from "./working-hours";
import { knownTimeZones } from "./zone-clock";
import { currentZoneName, searchZones, zoneLabel, zoneNameForPeople } from "./zone-names";

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

  it("keeps the whole list for an empty search and names both in the label", () => {
    expect(searchZones(chromeLists, "  ")).toEqual(chromeLists);
    expect(searchZones(chromeLists, "berl")).toEqual(["Europe/Berlin"]);
    expect(zoneLabel("Asia/Saigon")).toBe("Asia/Saigon (Asia/Ho Chi Minh)");
    expect(zoneLabel("Europe/Berlin")).toBe("Europe/Berlin");
  });
});

describe("a zone as people know it", () => {
  it("names it, by its current name, and both names are valid zones", () => {
    expect(zoneNameForPeople("UTC")).toBe("Coordinated Universal Time (UTC)");
    expect(zoneNameForPeople("Asia/Calcutta")).toBe("India Standard Time (Asia/Kolkata)");
    expect(zoneNameForPeople("Europe/Berlin")).toBe("Central European Time (Europe/Berlin)");
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Asia/Kolkata")).toBe("Asia/Kolkata");
    for (const zone of ["Asia/Calcutta", "Asia/Kolkata"]) expect(isIanaTimeZone(zone)).toBe(true);
  });
});
