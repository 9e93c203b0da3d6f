import { describe, expect, it } from "vitest";
import { leavingText } from "./account-action";

const withPartners = (partners: string[]) => ({
  currentMatch: { match_name: partners.join(" & "), month: "2027-03", partners },
});

describe("what deactivating says about the person's current match", () => {
  it("says a match of four goes on as a match of three, naming the three", () => {
    expect(leavingText(withPartners(["Ann", "Bea", "Cal"]))).toBe(
      "They leave the current pairing: Ann, Bea and Cal go on as a group of three and are told by e-mail. ",
    );
  });

  it("says a trio goes on as a pair and a pair's partner is re-paired or left for a re-pair", () => {
    expect(leavingText(withPartners(["Ann", "Bea"]))).toBe(
      "They leave the current pairing: Ann and Bea go on as a pair and are told by e-mail. ",
    );
    expect(leavingText(withPartners(["Ann"]))).toContain(
      "Ann is re-paired at once if someone is free, otherwise left without a partner",
    );
    expect(leavingText({})).toBe("");
  });
});
