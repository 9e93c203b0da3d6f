import { describe, expect, it } from "vitest";
import { completionImpactLines, pairingImpactLines } from "./impact-text";

const counted = { unanswered: 0, bookedAhead: 0 };

describe("what deleting a running pairing says it touches", () => {
  it("counts the people and matches, and says nobody not yet told is e-mailed", () => {
    expect(
      pairingImpactLines("March 2027", { matches: 2, people: 5, told: false, ...counted }),
    ).toEqual([
      "5 people in 2 matches lose their March 2027 match.",
      "They have not been e-mailed about their match yet but may have seen it on their Matches page; nobody is e-mailed about the deletion.",
      "You can generate March 2027 again afterwards. This cannot be undone.",
    ]);
  });

  it("says people already told of their match are told it is off", () => {
    const lines = pairingImpactLines("March 2027", {
      matches: 1,
      people: 2,
      told: true,
      ...counted,
    });
    expect(lines[0]).toBe("2 people in 1 match lose their March 2027 match.");
    expect(lines[1]).toBe(
      "They were told of their match by e-mail; each of them is now e-mailed that it is off.",
    );
  });
});

describe("what completing a running pairing says it does", () => {
  const title = "November 2026";

  it("says unanswered matches count as chats and booked chats to come keep their invitations", () => {
    const lines = completionImpactLines(title, {
      matches: 12,
      people: 24,
      told: true,
      unanswered: 5,
      bookedAhead: 1,
    });
    expect(lines).toEqual([
      "Its 12 matches become part of everyone's match history and are saved as a completed pairing file.",
      `In 5 matches nobody has said they met, and not everyone said they missed it: completing counts them as chats that happened, in every figure and in each person's Coffee Chats, and "Did you meet?" can no longer be answered.`,
      "1 match has its chat booked for later: the booking stays, its calendar invitations are not cancelled, and its members still see it with the match in their history.",
      "Generating again for November 2026 would then be a second round, giving everyone a second partner this month. This cannot be undone.",
    ]);
  });

  it("says neither when every match is answered and nothing is booked ahead", () => {
    const lines = completionImpactLines(title, { matches: 1, people: 2, told: true, ...counted });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Its 1 match becomes");
  });
});
