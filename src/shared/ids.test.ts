import { describe, expect, it } from "vitest";
import { idParamsSchema, idSchema, MAX_ID } from "./ids";

describe("the id schema", () => {
  it("takes a positive whole number from a path string", () => {
    expect(idSchema.parse("42")).toBe(42);
    expect(idParamsSchema.parse({ id: String(MAX_ID) })).toEqual({ id: MAX_ID });
  });

  it("refuses what no integer column holds, with a message a person can act on", () => {
    for (const bad of ["abc", "0", "-3", "1.5", String(MAX_ID + 1), "", "Infinity"]) {
      const result = idSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0].message, bad).toBe(
        "Expected an id (a whole number from 1 to 2147483647)",
      );
    }
  });
});
