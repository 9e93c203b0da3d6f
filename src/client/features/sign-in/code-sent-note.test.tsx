import { CODE_TTL_MS } from "@shared/sign-in-code";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CodeSentNote, codeExpired } from "./code-sent-note";

const SENT = Date.parse("2027-03-10T09:00:00Z");

/** The note's words, as drawn at `now`. */
function noteAt(now: number, sentAt: number | null = SENT): string {
  const html = renderToStaticMarkup(
    <CodeSentNote email="casey.lee@codes.test" sentAt={sentAt} now={now} />,
  );
  return html.replace(/<[^>]+>/g, "");
}

describe("what the code step says about the code", () => {
  it("gives the code's 15 minutes while they last", () => {
    expect(CODE_TTL_MS).toBe(15 * 60_000);
    for (const now of [SENT, SENT + CODE_TTL_MS - 1]) {
      expect(noteAt(now)).toBe(
        "We sent a 6-digit code to casey.lee@codes.test. It is valid for 15 minutes.",
      );
    }
  });

  it("says the code has expired and points at Resend Code once they are over", () => {
    for (const now of [SENT + CODE_TTL_MS, SENT + 20 * 60_000]) {
      const text = noteAt(now);
      expect(text).toBe(
        "We sent a 6-digit code to casey.lee@codes.test. It has expired: press Resend Code for a new one.",
      );
      expect(text).not.toContain("valid for");
    }
    // A step kept without its send time cannot vouch for the code.
    expect(codeExpired(null, SENT)).toBe(true);
    expect(noteAt(SENT, null)).toContain("It has expired");
  });

  it("shows the address with the shared component, which wraps before a dot or the @", () => {
    const html = renderToStaticMarkup(
      <CodeSentNote email="casey.lee@codes.test" sentAt={SENT} now={SENT} />,
    );
    expect(html).toContain("casey<wbr/>.lee<wbr/>@codes<wbr/>.test");
  });
});
