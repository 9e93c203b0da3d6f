import { describe, expect, it } from "vitest";
import {
  erasedAddress,
  FORMER_COLLEAGUE,
  LEFT_THE_PROGRAMME,
  standInAddress,
} from "./former-colleague";
import { personName } from "./person-name";

const erased = { firstName: null, lastName: null, email: erasedAddress("7f3a", true) };
const leaver = { firstName: null, lastName: null, email: erasedAddress("7f3b", false) };
const standIn = { firstName: null, lastName: null, email: standInAddress(2) };
const named = { firstName: "Ada", lastName: "Byron", email: "ada@acme.test" };

describe("the name of an erased person or a stand-in", () => {
  it("is the same in every list, match and sentence, never the placeholder address", () => {
    expect(personName(erased)).toBe(FORMER_COLLEAGUE);
    expect(personName(standIn)).toBe(FORMER_COLLEAGUE);
    expect(personName(leaver)).toBe(LEFT_THE_PROGRAMME);
    expect(personName(named)).toBe("Ada Byron");
    expect(personName({ firstName: " Ada ", lastName: null, email: "a@acme.test" })).toBe("Ada");
    expect(personName({ firstName: null, lastName: "", email: "ada.b@acme.test" })).toBe("ada.b");
  });
});
