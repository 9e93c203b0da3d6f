import { describe, expect, it } from "vitest";
import { adminUserName } from "./admin-user-texts";
import { personName } from "./current-pairing-rows";
import {
  erasedAddress,
  FORMER_COLLEAGUE,
  LEFT_THE_PROGRAMME,
  standInAddress,
} from "./former-colleague";
import { partnerName } from "./matches";

const erased = { firstName: null, lastName: null, email: erasedAddress("7f3a", true) };
const leaver = { firstName: null, lastName: null, email: erasedAddress("7f3b", false) };
const standIn = { firstName: null, lastName: null, email: standInAddress(2) };
const named = { firstName: "Ada", lastName: "Byron", email: "ada@acme.test" };

describe("the name of an erased person or a stand-in", () => {
  it("is the same in every list, match and sentence, never the placeholder address", () => {
    for (const name of [adminUserName, partnerName, personName]) {
      expect(name(erased)).toBe(FORMER_COLLEAGUE);
      expect(name(standIn)).toBe(FORMER_COLLEAGUE);
      expect(name(leaver)).toBe(LEFT_THE_PROGRAMME);
      expect(name(named)).toBe("Ada Byron");
    }
  });
});
