import { describe, expect, it } from "vitest";
import { attributesOfResource } from "./scim-attributes";

describe("SCIM's timezone attribute", () => {
  it("is read from a full User", () => {
    const user = {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: "ana@zones.test",
      timezone: "America/Los_Angeles",
    };
    expect(attributesOfResource(user).timeZone).toBe("America/Los_Angeles");
  });
});
