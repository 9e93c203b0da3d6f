import type { GeneratePlan } from "@shared/generate-plan";
import { describe, expect, it } from "vitest";
import { pairingTitle } from "./current-pairings-list";
import { generateDialogTexts, runningDialogTexts } from "./generate-dialog-texts";

// November 2026 started late (docs/rounds.md, "A start on any day"): generated on Thursday 26
// November, the pairing day having been Monday 2 November and the next one Monday 7 December.
const late: GeneratePlan = {
  month: "2026-11",
  timeZone: "UTC",
  pairingDay: "2026-11-02",
  late: true,
  awayUntil: "2026-11-30",
  checkInAt: "2026-12-03T09:00:00.000Z",
  nextPairingDay: "2026-12-07",
  completeAt: "2026-12-07T09:00:00.000Z",
  auto: true,
};
const describeWith = (plan: unknown) =>
  generateDialogTexts("first", "November 2026", "Acme Corp", plan as GeneratePlan).description;

describe("the Generate dialog's dates", () => {
  it("names every date of the month it starts", () => {
    expect(describeWith(late)).toContain(
      'The pairing day was Monday, November 2, so this month\'s dates count from today: "My partner is away" can be used until Monday, November 30; "Did you meet?" is asked on Thursday, December 3; the pairing completes when the next round is published on Monday, December 7.',
    );
    expect(describeWith({ ...late, checkInAt: null })).toContain(
      '"My partner is away" can be used until Monday, November 30. The next pairing day, Monday, December 7, is too soon to ask "Did you meet?" before it',
    );
    expect(describeWith({ ...late, late: false, auto: false })).toMatch(
      /the match is off\. "My partner is away" can be used until Monday, November 30; the pairing completes when the next round is published on Monday, December 7\. Automatic rounds are off for Acme Corp/,
    );
  });

  it("never says Invalid Date: an answer that is no plan names no date, an unreadable date is left out", () => {
    const none = describeWith([]);
    expect(none).toBe(
      "Everyone ready to pair in Acme Corp gets a partner for November 2026. Each of them sees their match on Cup of Joe at once. Nobody is e-mailed until you send the newsletter; once they were, deleting the pairing e-mails each of them that the match is off.",
    );
    expect(describeWith(undefined)).toBe(none);
    const unreadable = {
      ...late,
      pairingDay: "",
      awayUntil: "soon",
      checkInAt: "not a time",
      nextPairingDay: "2026-13-45",
    };
    expect(describeWith(unreadable)).toBe(
      `${none} The pairing day has passed, so this month's dates count from today: the pairing completes when the next round is published.`,
    );
    expect(describeWith({ ...unreadable, late: false })).toBe(
      `${none} The pairing completes when the next round is published.`,
    );
    expect(describeWith({ ...unreadable, checkInAt: null })).toBe(
      `${none} The next pairing day is too soon to ask "Did you meet?" before it: people matched now are not asked, and their match completes then. You can wait for the next pairing day and let that round pair everyone instead.`,
    );
    expect(
      describeWith({ ...unreadable, timeZone: "Nowhere/At_All", checkInAt: late.checkInAt }),
    ).not.toContain("Invalid");
  });
});

describe("the Generate dialog while the month's pairing is still running", () => {
  it("names the running pairing by its one name and offers nothing to generate", () => {
    const name = pairingTitle(
      { month: "2026-11", domainGroupName: "Acme Corp", groupNumber: 2 },
      { groups: true },
    );
    expect(name).toBe("November 2026 (run B) – Acme Corp");
    const texts = runningDialogTexts("November 2026", "Acme Corp", name);
    expect(texts).not.toHaveProperty("confirmLabel");
    expect(texts.description).toBe(
      '"November 2026 (run B) – Acme Corp" is still running, so Generate makes nothing now. Complete or delete it first under Current Pairings; a Generate after Complete makes a second November 2026 round.',
    );
  });
});
