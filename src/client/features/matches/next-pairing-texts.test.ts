import { describe, expect, it } from "vitest";
import { nextPairingNote, welcomeLine } from "./next-pairing-texts";

const june = { date: "Monday, June 7, 2027", iso: "2027-06-07" };

describe("the dashboard's next pairing texts", () => {
  it("promises the match only to someone in the next pairing", () => {
    expect(nextPairingNote({ ...june, away: null })).toBe(
      "Your new match arrives by e-mail that day.",
    );
    expect(nextPairingNote({ ...june, away: "paused" })).toBe(
      "Your first pairing after your pause; your new match arrives by e-mail that day.",
    );
    expect(nextPairingNote({ ...june, away: "skipping" })).toContain("skipping the next pairing");
    expect(nextPairingNote({ ...june, away: "on_leave" })).toContain("after your leave");
  });

  it("says why there is no date when they are not back by themselves", () => {
    const none = { date: null, iso: null };
    expect(nextPairingNote({ ...none, away: "opted_out" })).toBe(
      "You've opted out, so you won't be paired until you reactivate on your profile.",
    );
    expect(nextPairingNote({ ...none, away: "paused" })).toContain("You're paused");
    expect(nextPairingNote({ ...none, away: "on_leave" })).toContain("You're on leave");
    expect(nextPairingNote({ ...none, away: "asked_if_still_in" })).toBe(
      "We asked if you're still up for coffee chats, so you won't be paired until you answer our e-mail.",
    );
  });

  it("welcomes a first visit with the pairing they are really in", () => {
    expect(welcomeLine("Nia", false, { ...june, away: null })).toBe(
      "Welcome, Nia! Your first coffee chat comes with the next monthly pairing.",
    );
    expect(welcomeLine("Nia", false, { ...june, away: "paused" })).toBe(
      "Welcome, Nia! Your first coffee chat comes with the pairing on Monday, June 7, 2027.",
    );
    expect(welcomeLine("Nia", false, { date: null, iso: null, away: "opted_out" })).toBe(
      "Welcome, Nia!",
    );
    expect(welcomeLine("Nia", false, undefined)).toBe("Welcome, Nia!");
    expect(welcomeLine(null, true, { date: null, iso: null, away: "opted_out" })).toBe(
      "Welcome back! Here's what's brewing.",
    );
  });
});
