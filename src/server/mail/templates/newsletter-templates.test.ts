import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { checkEmailTemplates, MATCH_EMAIL_TEMPLATES } from "../../test/email-template-checks";
import { renderEmail } from "../render-email";
import { AnnouncementEmail } from "./announcement-email";
import { NewsletterEmail } from "./newsletter-email";
import type { AnnouncementContent, NewsletterEmailContent, ProposedTimesView } from "./views";

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

/** Two of the times proposed to the reader, labelled in their zone (Berlin). */
const times: ProposedTimesView = {
  zone: "Europe/Berlin",
  times: [
    {
      start: "2027-03-05T14:00:00.000Z",
      label: "Fri, Mar 5, 15:00",
      url: `${APP}/book-time?token=b1.abc&start=2027-03-05T14%3A00%3A00.000Z`,
    },
    {
      start: "2027-03-10T15:30:00.000Z",
      label: "Wed, Mar 10, 16:30",
      url: `${APP}/book-time?token=b1.abc&start=2027-03-10T15%3A30%3A00.000Z`,
    },
  ],
};

const samples: Record<string, ReactElement> = {
  "newsletter-email": NewsletterEmail({
    content,
    greetingName: "Ben",
    match: { kind: "sat-out" },
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
    times,
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
    times,
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

  it("proposes the match's times, one a line with its booking link, only to someone with a partner", async () => {
    const paired = await renderEmail(samples["announcement-email"]);
    expect(paired.text).toContain("in your time zone, Central European Time (Europe/Berlin):");
    expect(paired.text).toMatch(
      /^Fri, Mar 5, 15:00 <https:\S+\/book-time\?token=b1\.abc&start=2027-03-05\S+>$/m,
    );
    expect(paired.text).toMatch(/^Wed, Mar 10, 16:30 <https:\S+start=2027-03-10\S+>$/m);
    const satOut = await renderEmail(samples["newsletter-email"]);
    expect(satOut.text).not.toContain("book-time");
  });

  it("leaves a partner's avatar initials out of the plain text", async () => {
    const { html, text } = await renderEmail(samples["announcement-email"]);
    expect(html).toContain(">BB</p>");
    expect(text).not.toMatch(/^BB$/m);
    expect(text).toContain("Ben Byron");
  });
});
