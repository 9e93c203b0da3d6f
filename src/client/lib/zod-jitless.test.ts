import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { z } from "zod";

describe("zod on the pages", () => {
  it("is jitless, so no schema probes for eval under the page's CSP", () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
