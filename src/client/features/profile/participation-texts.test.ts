import { describe, expect, it } from "vitest";
import { participationExplanation, pauseBadgeNote } from "./participation-texts";

const active = { participationStatus: "active", pauseEndDate: null, pauseReason: null } as const;
const paused = { participationStatus: "paused", pauseEndDate: "2026-12-29" } as const;

describe("the participation card's texts", () => {
  it("does not promise a pairing to come to someone who has this month's match", () => {
    expect(participationExplanation(active, true)).toBe(
      "You're in! You have your match for this month; your next one comes with the next monthly pairing.",
    );
    expect(participationExplanation(active, false)).toBe(
      "You're in! You'll be paired with a colleague in the next monthly matching cycle.",
    );
  });

  it("says a skipped month as one, and a pause with its end date", () => {
    const skipping = { ...paused, pauseEndDate: "2026-12-31", pauseReason: "skip_next_round" };
    expect(pauseBadgeNote(skipping)).toBe("Skipping next month");
    expect(participationExplanation(skipping, false)).toContain(
      "skipping the next monthly pairing",
    );
    const pause = { ...paused, pauseReason: "temporary" };
    expect(pauseBadgeNote(pause)).toBe("Until Dec 29, 2026");
    expect(participationExplanation(pause, false)).toBe(
      "Your participation resumes automatically on Dec 29, 2026.",
    );
    expect(pauseBadgeNote(active)).toBeNull();
  });
});
