import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fixedClock } from "../clock";
import type { AppContext } from "../context";
import type { OutgoingMessageRow } from "../db/schema";
import type { MailMessage } from "../mail/mailer";
import { renderEmail } from "../mail/render-email";
import { LaunchEmail } from "../mail/templates/launch-email";
import { newsletterMessage } from "../newsletters/send/newsletter-message";
import { newsletterTestMessage } from "../newsletters/test-send-message";
import {
  DEFAULT_OUTBOX_RETRY,
  DEFAULT_URGENT_RETRY,
  deliverMessage,
  titled,
} from "../outbox/deliver-message";
import { SECRET_KINDS } from "../outbox/drop-secret-mails";
import { CHANNEL_KINDS, MESSAGE_KINDS, messageKindNamed } from "./message-kinds";

// docs/mail.md, "Message kinds": one registry of every kind the outbox delivers.
describe("the registry the outbox delivers from", () => {
  it("holds the outbox's own kinds and the newsletter's, each once by name", () => {
    const names = MESSAGE_KINDS.map((kind) => kind.name);
    expect(names).toEqual([...new Set(names)]);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    for (const kind of [...MESSAGE_KINDS, newsletterMessage, newsletterTestMessage]) {
      expect(messageKindNamed(kind.name)).toBe(kind);
    }
    expect(messageKindNamed("no-such-kind")).toBeUndefined();
  });

  // docs/mail.md, "Adding a message": a kind is one file of outbox/kinds/ and one line here.
  it("holds every kind of every file of outbox/kinds/, and a channel's kinds once by channel and name", async () => {
    const folder = path.join(import.meta.dirname, "..", "outbox", "kinds");
    const files = readdirSync(folder).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const registered: unknown[] = [...MESSAGE_KINDS, ...CHANNEL_KINDS];
    for (const file of files) {
      const values = Object.values(await import(path.join(folder, file)));
      const kinds = values.filter((v) => typeof v === "object" && v !== null && "name" in v);
      expect(kinds.length, file).toBeGreaterThan(0);
      for (const kind of kinds) expect(registered, file).toContain(kind);
    }
    const channelNames = CHANNEL_KINDS.map((kind) => `${kind.channel}:${kind.name}`);
    expect(channelNames).toEqual([...new Set(channelNames)]);
  });

  // docs/architecture.md, "Three walks": a kind may load what it renders with only when the
  // worker delivers; a module of it that fails to load would fail only its messages, so each is
  // loaded here.
  it("loads everything each kind's render loads with import()", async () => {
    const kinds = path.join(import.meta.dirname, "..", "outbox", "kinds");
    const files = [
      ...readdirSync(kinds)
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => path.join(kinds, f)),
      path.join(import.meta.dirname, "..", "newsletters", "send", "newsletter-message.ts"),
      path.join(import.meta.dirname, "..", "newsletters", "test-send-message.ts"),
    ];
    const loaded: string[] = [];
    for (const file of files) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/import\("([^"]+)"\)/g)) {
        const module = await import(path.resolve(path.dirname(file), specifier));
        expect(Object.keys(module).length, `${file}: ${specifier}`).toBeGreaterThan(0);
        loaded.push(specifier);
      }
    }
    // The three kinds the walks queue: the announcement, a match's change, the newsletter.
    expect(loaded).toEqual(expect.arrayContaining(["../compose/composer"]));
    expect(loaded.filter((s) => s.endsWith("proposed-times-for"))).toHaveLength(2);
  });

  it("drops every kind that carries a secret when an address stops being a person's", () => {
    const secret = MESSAGE_KINDS.filter((kind) => kind.carriesSecret);
    expect(new Set(secret)).toEqual(new Set(SECRET_KINDS));
  });

  it("sends the test send in the urgent lane, the newsletter in the other", () => {
    expect(messageKindNamed("newsletter-test")?.urgent).toBe(true);
    expect(messageKindNamed("newsletter")?.urgent).toBeUndefined();
  });
});

// docs/mail.md, "Templates": every e-mail has a <title>, whatever its kind renders.
describe("every kind the outbox delivers", () => {
  const sent: MailMessage[] = [];
  const ctx = {
    clock: fixedClock("2027-05-03T09:00:00Z"),
    config: { appUrl: "https://coffee.acme.example" },
    mailer: { send: async (message: MailMessage) => void sent.push(message) },
  } as unknown as AppContext;
  const bodies = [
    { html: "<!DOCTYPE html><html><head><meta charset='utf-8'></head><body>Hi</body></html>" },
    { html: "<html><head><title> </title></head><body>Hi</body></html>" },
    { html: "<p>Hi</p>" },
  ];

  it.each(
    MESSAGE_KINDS.map((kind) => [kind.name, kind] as const),
  )("%s goes out with a <title>, its subject when the body names none", async (_name, kind) => {
    for (const body of bodies) {
      const subject = `A <${kind.name}> message`;
      const render = () => ({ subject, text: "Hi", ...body });
      const row = { id: 1, kind: kind.name, recipient: "ann@acme.example", data: {} };
      const outcome = await deliverMessage(
        ctx,
        row as OutgoingMessageRow,
        {
          ...DELIVERY,
          kindNamed: () => ({
            ...kind,
            withhold: undefined,
            sendBy: undefined,
            schema: z.unknown(),
            render,
          }),
        },
        undefined,
        async () => {},
      );
      expect(outcome).toBe("sent");
      const head = sent.at(-1)?.html.split("</head>")[0] ?? "";
      expect(head).toContain(`<title>A &lt;${kind.name}&gt; message</title>`);
    }
    const { html } = await renderEmail(
      LaunchEmail({ company: "", signInUrl: "x", hasDepartments: false, unsubscribeUrl: "y" }),
    );
    expect(titled(html, "ignored")).toBe(html);
  });
});

const DELIVERY = {
  retry: DEFAULT_OUTBOX_RETRY,
  urgentRetry: DEFAULT_URGENT_RETRY,
  horizonMs: 3600_000,
  warn: () => {},
};
