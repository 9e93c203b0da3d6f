import { describe, expect, it } from "vitest";
import { newsletterMessage } from "../newsletters/send/newsletter-message";
import { newsletterTestMessage } from "../newsletters/test-send-message";
import { MESSAGE_KINDS } from "../outbox/kinds/registry";
import { ALL_MESSAGE_KINDS, messageKindNamed } from "./message-kinds";

// docs/mail.md, "Message kinds": one registry of every kind the outbox delivers.
describe("the registry the outbox delivers from", () => {
  it("holds the outbox's own kinds and the newsletter's, each once by name", () => {
    const names = ALL_MESSAGE_KINDS.map((kind) => kind?.name);
    expect(names).toEqual([...new Set(names)]);
    for (const kind of [...MESSAGE_KINDS, newsletterMessage, newsletterTestMessage]) {
      expect(messageKindNamed(kind.name)).toBe(kind);
    }
    expect(ALL_MESSAGE_KINDS).toHaveLength(MESSAGE_KINDS.length + 2);
    expect(messageKindNamed("no-such-kind")).toBeUndefined();
  });

  it("sends the test send in the urgent lane, the newsletter in the other", () => {
    expect(messageKindNamed("newsletter-test")?.urgent).toBe(true);
    expect(messageKindNamed("newsletter")?.urgent).toBeUndefined();
  });
});
