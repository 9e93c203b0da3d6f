import { describe, expect, it } from "vitest";
import { commonInterests, pairInterestsLines, sharedInterestsLine } from "./interests";

const ada = { name: "Ada", interests: ["chess", "jazz", "tea"] };
const bo = { name: "Bo", interests: ["tea", "chess"] };
const cy = { name: "Cy", interests: ["tea", "jazz"] };

describe("what a group shares, in the intro", () => {
  it("names what all share, then what two share beyond it", () => {
    const common = commonInterests([ada, bo, cy].map((m) => m.interests));
    expect(sharedInterestsLine(common, 3)).toBe("You all like tea.");
    // An e-mail to Ada: the pairs with her.
    expect(pairInterestsLines([ada, bo, cy], common, true)).toBe(
      "You and Bo both like chess. You and Cy both like jazz.",
    );
    // A chat all three read: every pair, by name.
    expect(pairInterestsLines([bo, cy, ada], common, false)).toBe(
      "Bo and Ada both like chess. Cy and Ada both like jazz.",
    );
    expect(pairInterestsLines([bo, cy], ["tea"], true)).toBe("");
  });
});
