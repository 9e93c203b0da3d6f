import { describe, expect, it } from "vitest";
import { countsCaption, showingText } from "./user-filters";

describe("what the user list's footer says it shows", () => {
  it("says one user in the singular, and all of them once every one is on the page", () => {
    expect(showingText(1, 1, false)).toBe("Showing 1 user");
    expect(showingText(6, 6, false)).toBe("Showing all 6 users");
    expect(showingText(50, 120, false)).toBe("Showing 50 of 120 users");
    expect(showingText(1050, 1050, false)).toBe("Showing all 1,050 users");
  });

  it("never says all of an estimated total", () => {
    expect(showingText(50, 98000, true)).toBe("Showing 50 of about 98,000 users");
    expect(showingText(50, 50, true)).toBe("Showing 50 of about 50 users");
  });
});

describe("what the summary cards say they count", () => {
  it("says so when a search or filter narrows them", () => {
    expect(countsCaption(false)).toBe("Counts of every user.");
    expect(countsCaption(true)).toBe("Counts of the users your search and filters match.");
  });
});
