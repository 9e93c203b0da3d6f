import { describe, expect, it } from "vitest";
import { emailDomain, normalizeEmail, parseWhitelistPattern } from "./email-address";

describe("normalizeEmail", () => {
  it("trims, lowercases and NFKC-normalises an address", () => {
    expect(normalizeEmail("  Jane.Doe@ACME.test ")).toBe("jane.doe@acme.test");
    expect(normalizeEmail("ｊａｎｅ@acme.test")).toBe("jane@acme.test");
  });

  it("refuses more than one @, including full-width and small @ look-alikes", () => {
    expect(normalizeEmail("a@b@acme.test")).toBeNull();
    expect(normalizeEmail("a\uFF20evil.test@acme.test")).toBeNull();
    expect(normalizeEmail("a\uFE6Bevil.test@acme.test")).toBeNull();
    expect(normalizeEmail("a\uFF20acme.test")).toBe("a@acme.test");
  });

  it("refuses quotes, whitespace, empty parts, dotless domains and non-ASCII look-alikes", () => {
    for (const bad of [
      '"a@b"@acme.test',
      "o'hara@acme.test",
      "a b@acme.test",
      "@acme.test",
      "a@",
      "a@localhost",
      "a@acme..test",
      "a@аcme.test",
      "a@acme.test\u200B",
      "",
      "   ",
      ".a@acme.test",
    ]) {
      expect(normalizeEmail(bad), bad).toBeNull();
    }
  });

  it("gives the domain of an address", () => {
    expect(emailDomain("jane@acme.test")).toBe("acme.test");
  });
});

describe("parseWhitelistPattern", () => {
  it("accepts an address or a *@domain pattern", () => {
    expect(parseWhitelistPattern(" Jane@Acme.TEST")).toEqual({
      kind: "address",
      email: "jane@acme.test",
      domain: "acme.test",
    });
    expect(parseWhitelistPattern("*@Acme.test")).toEqual({
      kind: "domain",
      email: "*@acme.test",
      domain: "acme.test",
    });
  });

  it("refuses patterns that are neither", () => {
    for (const bad of [
      "*@",
      "*@acme",
      "*a@acme.test",
      "*@a@acme.test",
      "acme.test",
      "*@*.acme.test",
    ]) {
      expect(parseWhitelistPattern(bad), bad).toBeNull();
    }
  });
});
