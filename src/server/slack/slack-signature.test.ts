import { describe, expect, it } from "vitest";
import { signSlackBody, verifySlackSignature } from "./slack-signature";

/** Slack's own worked example of a signed request (docs/chat.md, "Interactivity"). */
const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TIMESTAMP = "1531420618";
const BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
const SENT = new Date(Number(TIMESTAMP) * 1000);
const request = { timestamp: TIMESTAMP, signature: SIGNATURE, body: BODY };

describe("Slack's request signature", () => {
  it("computes Slack's documented signature for its example", () => {
    expect(signSlackBody(SECRET, TIMESTAMP, BODY)).toBe(SIGNATURE);
  });

  it("accepts the example within five minutes of its timestamp", () => {
    expect(verifySlackSignature(SECRET, request, SENT)).toBe(true);
    expect(verifySlackSignature(SECRET, request, new Date(SENT.getTime() + 300_000))).toBe(true);
  });

  it("refuses it older than five minutes, or from the future beyond that", () => {
    expect(verifySlackSignature(SECRET, request, new Date(SENT.getTime() + 301_000))).toBe(false);
    expect(verifySlackSignature(SECRET, request, new Date(SENT.getTime() - 301_000))).toBe(false);
  });

  it("refuses another secret, a changed body, a changed timestamp, or a missing header", () => {
    expect(verifySlackSignature("another-secret", request, SENT)).toBe(false);
    expect(verifySlackSignature(SECRET, { ...request, body: `${BODY}&x=1` }, SENT)).toBe(false);
    expect(verifySlackSignature(SECRET, { ...request, timestamp: "1531420619" }, SENT)).toBe(false);
    expect(verifySlackSignature(SECRET, { ...request, signature: undefined }, SENT)).toBe(false);
    expect(verifySlackSignature(SECRET, { ...request, signature: "v0=abc" }, SENT)).toBe(false);
    expect(verifySlackSignature(SECRET, { ...request, timestamp: "soon" }, SENT)).toBe(false);
  });
});
