import type { CurrentMatchResponse } from "@shared/matches";
import { describe, expect, it } from "vitest";
import { nextPairingNote } from "../matches/next-pairing-texts";
import { participationExplanation, pauseBadgeNote, runningMatchText } from "./participation-texts";

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

  it("says what the Next Pairing card says to someone the next pairing leaves out", () => {
    const asked = { date: null, iso: null, away: "asked_if_still_in" } as const;
    for (const hasMatch of [false, true]) {
      expect(participationExplanation(active, hasMatch, asked)).toBe(nextPairingNote(asked));
    }
    expect(nextPairingNote(asked)).toContain("until you answer our e-mail");
    // In the next pairing: the status's own sentence.
    const inIt = { date: "Monday, April 5, 2027", iso: "2027-04-05", away: null };
    expect(participationExplanation(active, false, inIt)).toContain("You're in!");
  });

  it("says a skipped month as one, and a pause with its end date", () => {
    const skipping = { ...paused, pauseEndDate: "2026-12-31", pauseReason: "skip_next_round" };
    expect(pauseBadgeNote(skipping)).toBe("Skipping next month");
    expect(participationExplanation(skipping, false)).toContain(
      "skipping the next monthly pairing",
    );
    const pause = { ...paused, pauseReason: "temporary" };
    expect(pauseBadgeNote(pause)).toBe("Until Tue, Dec 29, 2026");
    expect(participationExplanation(pause, false)).toBe(
      "Your participation resumes automatically on Tue, Dec 29, 2026.",
    );
    expect(pauseBadgeNote(active)).toBeNull();
  });

  it("tells someone pausing after this month's chat happened that it stays", () => {
    const current = (answers: string[]) =>
      ({
        match: {
          status: "active",
          members: answers.map((connectionStatus) => ({ connectionStatus })),
        },
        partners: [{ firstName: "Pat", lastName: "Partner", email: "pat@example.com" }],
        pairingOpen: true,
      }) as unknown as CurrentMatchResponse;
    expect(runningMatchText(current(["pending", "pending"]), "pause")).toBe(
      " You also leave your current match with Pat Partner: they are told by e-mail and get a new partner if someone is free.",
    );
    for (const action of ["pause", "pause_until", "opt_out"] as const) {
      expect(runningMatchText(current(["pending", "confirmed"]), action)).toBe(
        " You already met Pat Partner this month: that chat stays in your matches and stats.",
      );
    }
    expect(runningMatchText(current(["confirmed", "pending"]), "skip_next")).toBe(
      " Your current match with Pat Partner stays: you can still meet this month.",
    );
  });
});
