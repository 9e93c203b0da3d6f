import { describe, expect, it } from "vitest";
import { mimeMessage } from "./mime-message";

const fields = {
  from: "Cup of Joe <joe@acme.test>",
  to: "ada@acme.test",
  subject: "Hello",
  messageId: "<outbox-1@acme.test>",
  date: new Date("2027-03-01T09:00:00Z"),
  text: "Hi Ada",
  html: "<p>Hi Ada</p>",
};
const headerBlock = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n");

describe("a message built whole", () => {
  it("keeps a line break in a header's value from starting a field of its own", () => {
    const raw = mimeMessage({ ...fields, headers: { "X-Note": "a\r\nBcc: eve@evil.test" } });
    expect(headerBlock(raw).filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headerBlock(raw)).toContain("X-Note: a Bcc: eve@evil.test");
  });

  it("refuses a header name that is not plain, and leaves out a caller's own From or Subject", () => {
    expect(() => mimeMessage({ ...fields, headers: { "X-A: b\r\nBcc": "c" } })).toThrow(
      /Not a header name/,
    );
    const raw = mimeMessage({ ...fields, headers: { subject: "Other", FROM: "eve@evil.test" } });
    expect(headerBlock(raw).filter((line) => /^(subject|from):/i.test(line))).toEqual([
      "From: Cup of Joe <joe@acme.test>",
      "Subject: Hello",
    ]);
  });

  it("writes each part in base64 lines of 76 characters between CRLFs", () => {
    const raw = mimeMessage({ ...fields, html: "é".repeat(200) });
    const html = raw.split("Content-Type: text/html; charset=utf-8\r\n")[1];
    const lines = html.split("\r\n\r\n")[1].split("\r\n");
    expect(lines[0]).toHaveLength(76);
    expect(Buffer.from(lines.slice(0, -2).join(""), "base64").toString("utf8")).toBe(
      "é".repeat(200),
    );
    expect(raw.endsWith("\r\n----_cupofjoe_alternative_--\r\n")).toBe(true);
  });
});
