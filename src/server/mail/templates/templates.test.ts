import { readdirSync } from "node:fs";
import path from "node:path";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail } from "../render-email";
import { CheckInEmail } from "./check-in-email";
import { InquiryEmail } from "./inquiry-email";
import { MagicLinkEmail } from "./magic-link-email";
import { NewsletterEmail, type NewsletterEmailContent } from "./newsletter-email";
import { RePairEmail } from "./re-pair-email";
import { SignInCodeEmail } from "./sign-in-code-email";
import { StillInEmail } from "./still-in-email";

const APP = "https://coffee.acme.example";

const content: NewsletterEmailContent = {
  periodLabel: "March 2027",
  title: "March",
  preview: "Meet your March 2027 coffee chat match",
  headerImageUrl: `${APP}/admin-images/header.png`,
  moodText: "Cosy",
  moodImageUrl: null,
  quoteText: "Coffee first.",
  quoteAuthor: "Ada",
  brainBuzzer: null,
  coffeeChatsParagraph: null,
  starters: [],
  proTips: ["Book a slot."],
  closingMessage: null,
  matchesUrl: `${APP}/matches`,
  profileUrl: `${APP}/profile`,
};

/** One sample of every template in this folder; a new template without one fails the first test. */
const samples: Record<string, ReactElement> = {
  "magic-link-email": MagicLinkEmail({ url: `${APP}/magic-auth?token=abc_DEF-123`, hours: 24 }),
  "sign-in-code-email": SignInCodeEmail({ code: "012345", minutes: 15 }),
  "inquiry-email": InquiryEmail({
    companyName: "Acme",
    contactEmail: "boss@acme.example",
    expectedUsers: "50",
    additionalInfo: null,
    receivedAt: "2027-03-01T10:00:00.000Z",
  }),
  "newsletter-email": NewsletterEmail({
    content,
    greetingName: "Ben",
    match: { kind: "sat-out" },
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
  "re-pair-email": RePairEmail({
    greeting: "Ada",
    news: "Ben Byron is your new coffee chat partner for March 2027.",
    partners: ["Ben Byron (ben@acme.example)"],
    matchesUrl: `${APP}/matches`,
    profileUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
  "check-in-email": CheckInEmail({
    greeting: "Ada",
    partners: "Ben Byron",
    month: "March 2027",
    reminder: false,
    links: {
      met: `${APP}/check-in?token=t1.abc&choice=met`,
      notYet: `${APP}/check-in?token=t1.abc&choice=not_yet`,
      skip: `${APP}/check-in?token=t1.abc&choice=skip`,
    },
    profileUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
  "still-in-email": StillInEmail({
    greeting: "Ada",
    answerUrl: `${APP}/still-in?token=s1.abc`,
    profileUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
};

describe("every e-mail template", () => {
  it("has a sample here", () => {
    const templates = readdirSync(import.meta.dirname)
      .filter((f) => f.endsWith("-email.tsx"))
      .map((f) => path.basename(f, ".tsx"));
    expect(templates.sort()).toEqual(Object.keys(samples).sort());
  });

  for (const [name, element] of Object.entries(samples)) {
    it(`${name} carries a viewport meta tag`, async () => {
      const { html } = await renderEmail(element);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
      );
    });

    it(`${name} writes every link of its text part in angle brackets, touching no punctuation`, async () => {
      const { html, text } = await renderEmail(element);
      const hrefs = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) =>
        m[1].replaceAll("&amp;", "&"),
      );
      for (const href of hrefs) expect(text).toContain(`<${href}>`);
      const bare = text.replaceAll(/<https?:\/\/[^\s<>]+>/g, "");
      expect(bare).not.toMatch(/https?:\/\//);
    });
  }

  it("keeps the full stop after the newsletter's unsubscribe link outside the link", async () => {
    const { text } = await renderEmail(samples["newsletter-email"]);
    expect(text).toContain(`unsubscribe here <${APP}/unsubscribe?token=u1.abc>.`);
  });
});
