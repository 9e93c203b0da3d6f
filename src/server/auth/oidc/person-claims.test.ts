import { describe, expect, it } from "vitest";
import { personFromClaims } from "./person-claims";

describe("the person in an ID token", () => {
  it("takes the zoneinfo claim as the time zone", () => {
    const person = personFromClaims({ email: "a@b.test", zoneinfo: " Europe/Berlin " });
    expect(person.timeZone).toBe("Europe/Berlin");
    expect(personFromClaims({ email: "a@b.test" }).timeZone).toBeNull();
  });
});
