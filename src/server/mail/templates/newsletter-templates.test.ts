import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { checkEmailTemplates, MATCH_EMAIL_TEMPLATES } from "../../test/email-template-checks";
import { renderEmail } from "../render-email";
import { AnnouncementEmail } from "./announcement-email";
import { NewsletterEmail } from "./newsletter-email";
import type { AnnouncementContent, NewsletterEmailContent } from "./views";

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

const announcement: AnnouncementContent = {
  title: "Your coffee chat match has changed",
  preview: "Meet your March 2027 coffee chat match",
  matchesUrl: `${APP}/matches`,
  profileUrl: `${APP}/profile`,
};

const samples: Record<string, ReactElement> = {
  "newsletter-email": NewsletterEmail({
    content,
    greetingName: "Ben",
    match: { kind: "sat-out" },
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
  "announcement-email": AnnouncementEmail({
    content: announcement,
    greetingName: "Ada",
    news: "Ben Byron is your new coffee chat partner for March 2027.",
    match: {
      kind: "partners",
      starter: null,
      partners: [
        {
          name: "Ben Byron",
          initials: "BB",
          department: "Sales",
          bio: "Tea, mostly.",
          email: "ben@acme.example",
          photoUrl: null,
        },
      ],
    },
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
};

describe("every match e-mail template", () => {
  checkEmailTemplates(import.meta.dirname, samples, (name) => MATCH_EMAIL_TEMPLATES.includes(name));

  it("keeps the full stop after the unsubscribe link outside the link", async () => {
    for (const sample of Object.values(samples)) {
      const { text } = await renderEmail(sample);
      expect(text).toContain(`unsubscribe here <${APP}/unsubscribe?token=u1.abc>.`);
    }
  });
});

describe("what a match e-mail asks of its reader", () => {
  it("offers to schedule a chat only to someone with a partner", async () => {
    const satOut = await renderEmail(samples["newsletter-email"]);
    expect(satOut.text).not.toContain("Schedule your coffee chat");
    const paired = await renderEmail(samples["announcement-email"]);
    expect(paired.text).toContain("Schedule your coffee chat");
  });

  it("leaves a partner's avatar initials out of the plain text", async () => {
    const { html, text } = await renderEmail(samples["announcement-email"]);
    expect(html).toContain(">BB</p>");
    expect(text).not.toMatch(/^BB$/m);
    expect(text).toContain("Ben Byron");
  });
});
