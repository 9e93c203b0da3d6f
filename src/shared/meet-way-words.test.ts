import { describe, expect, it } from "vitest";
import { meetWays } from "./enums";
import { meetWayFromCell, meetWayWords } from "./meet-way-words";

describe("the way to meet in files", () => {
  it("reads back every word the export writes, and every key", () => {
    for (const way of meetWays) {
      expect(meetWayFromCell(meetWayWords[way])).toBe(way);
      expect(meetWayFromCell(way)).toBe(way);
    }
    expect(meetWayFromCell(" IN_PERSON ")).toBe("in-person");
    expect(meetWayFromCell("In person or online")).toBe("either");
    expect(meetWayFromCell("sometimes")).toBeNull();
    expect(meetWayFromCell("")).toBeNull();
  });
});
