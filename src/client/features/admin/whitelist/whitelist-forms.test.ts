import type { AllowedEmail } from "@shared/whitelist";
import { describe, expect, it } from "vitest";
import { chosenGroup, domainGroupChoice, NO_GROUP, newEntry } from "./whitelist-forms";

const acmeDomain = {
  email: "*@acme.example",
  domainGroup: { id: 7, name: "acme", displayName: "Acme Corp", color: "#3B82F6" },
} as AllowedEmail;
const plainDomain = { email: "*@plain.example", domainGroup: null } as AllowedEmail;

describe("Add Email's domain group", () => {
  it("leaves the group to the server by default, and sends the admin's choice otherwise", () => {
    // No group in the request: the server gives the address its domain's group.
    expect(JSON.stringify(newEntry("newhire@acme.example", "", chosenGroup("")))).toBe(
      '{"email":"newhire@acme.example","domain":"acme.example","reason":""}',
    );
    expect(chosenGroup(NO_GROUP)).toBeNull();
    expect(chosenGroup("12")).toBe(12);
  });

  it("names the group the typed address will get from its domain", () => {
    expect(domainGroupChoice("", [acmeDomain])).toBe("Its domain's group");
    expect(domainGroupChoice("newhire@acme.example", undefined)).toBe("Its domain's group");
    expect(domainGroupChoice(" NewHire@Acme.Example ", [acmeDomain, plainDomain])).toBe(
      "Its domain's group (Acme Corp)",
    );
    expect(domainGroupChoice("x@plain.example", [acmeDomain, plainDomain])).toBe(
      "Its domain's group (none)",
    );
    expect(domainGroupChoice("x@elsewhere.example", [acmeDomain])).toBe(
      "Its domain's group (none)",
    );
    expect(domainGroupChoice("*@acme.example", [acmeDomain])).toBe("Its domain's group (none)");
  });
});
