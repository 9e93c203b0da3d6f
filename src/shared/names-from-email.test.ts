import { describe, expect, it } from "vitest";
import { namesFromEmail } from "./names-from-email";

describe("names read from an e-mail address", () => {
  it("reads first and last name from first.last, first_last and first-last", () => {
    expect(namesFromEmail("ada.lovelace@acme.test")).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(namesFromEmail("GRACE_HOPPER@acme.test")).toEqual({
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect(namesFromEmail("zoë-évora@acme.test")).toEqual({ firstName: "Zoë", lastName: "Évora" });
  });

  it("guesses nothing from one word, digits, initials or three parts", () => {
    for (const email of [
      "ada@acme.test",
      "jsmith2@acme.test",
      "a.lovelace@acme.test",
      "ada.king.lovelace@acme.test",
      "ada.lovelace2@acme.test",
      "not-an-email",
    ]) {
      expect(namesFromEmail(email)).toBeNull();
    }
  });
});
