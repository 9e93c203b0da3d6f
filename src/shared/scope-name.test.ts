import { describe, expect, it } from "vitest";
import { scopeName } from "./pairing-file-names";

describe("scopeName", () => {
  it("names a group by its name, and the company-wide scope by whether the company has groups", () => {
    expect(scopeName("Berlin", { groups: true })).toBe("Berlin");
    expect(scopeName(null, { groups: true })).toBe("All Users");
    expect(scopeName(null, { groups: false })).toBe("Everyone");
  });
});
