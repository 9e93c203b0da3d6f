import { describe, expect, it } from "vitest";
import { rateLimitedLog, withoutAddresses } from "./attempt-log";

describe("the failed-attempt log", () => {
  it("writes at most `max` lines a window and counts the ones held back in the next", () => {
    let at = 0;
    const lines: string[] = [];
    const log = rateLimitedLog((line) => lines.push(line), {
      max: 2,
      windowMs: 1000,
      now: () => at,
    });
    for (let i = 1; i <= 5; i++) log(`attempt ${i}`);
    expect(lines).toEqual(["attempt 1", "attempt 2"]);
    at = 1000;
    log("attempt 6");
    expect(lines.at(-1)).toBe("attempt 6 (3 more failed attempts not logged before this one)");
  });

  it("leaves no address in an error's text", () => {
    expect(withoutAddresses("550 5.1.1 <ada@acme.example>: Recipient address rejected")).toBe(
      "550 5.1.1 <<address>>: Recipient address rejected",
    );
  });
});
