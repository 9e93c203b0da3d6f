import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./auth";

describe("safeRedirectPath", () => {
  it("keeps a same-site path with its query and hash", () => {
    expect(safeRedirectPath("/profile")).toBe("/profile");
    expect(safeRedirectPath("/matches?month=2027-03#top")).toBe("/matches?month=2027-03#top");
    expect(safeRedirectPath("/a/./b/../c")).toBe("/a/c");
  });

  it("refuses every way of writing another site, after normalising the path", () => {
    for (const target of [
      "//evil.example",
      "/.//evil",
      "/./../..//evil",
      "/..//evil",
      "/%2e%2e//evil",
      "/%2e//evil",
      "/\\evil",
      "/\\/evil",
      "/%2F%2Fevil",
      "/%2f/evil",
      "/%5C%5Cevil",
      "/\t/evil",
      "/\n/evil",
      "/\r\n//evil",
      "/\u0000//evil",
      "/\u0085//evil",
      "https://evil.example/",
      "http:/evil",
      "javascript:alert(1)",
      "evil",
      "",
      " /profile",
    ]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBeNull();
    }
  });

  it("refuses anything that is not a string", () => {
    for (const target of [undefined, null, 1, ["/profile"], { href: "/profile" }]) {
      expect(safeRedirectPath(target)).toBeNull();
    }
  });
});
