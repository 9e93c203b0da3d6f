import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { checkEmailTemplates, MATCH_EMAIL_TEMPLATES } from "../../test/email-template-checks";
import { renderEmail } from "../render-email";
import { BookingNudgeEmail, type BookingNudgeEmailProps } from "./booking-nudge-email";
import { CheckInEmail } from "./check-in-email";
import { InquiryEmail } from "./inquiry-email";
import { LaunchEmail } from "./launch-email";
import { MagicLinkEmail } from "./magic-link-email";
import { MatchChangedEmail } from "./match-changed-email";
import { PauseEndingEmail } from "./pause-ending-email";
import { RoundDraftEmail } from "./round-draft-email";
import { SetPasswordEmail } from "./set-password-email";
import { SignInCodeEmail } from "./sign-in-code-email";
import { StillInEmail } from "./still-in-email";

const APP = "https://coffee.acme.example";

/** The nudge's sample: two of the times proposed, in Berlin. */
const nudge: BookingNudgeEmailProps = {
  greeting: "Ada",
  partners: "Ben Byron",
  month: "March 2027",
  times: [{ start: "2027-03-05T14:00:00.000Z" }, { start: "2027-03-10T15:30:00.000Z" }],
  zone: "Europe/Berlin",
  links: [
    `${APP}/book-time?token=b1.abc&start=2027-03-05T14%3A00%3A00.000Z`,
    `${APP}/book-time?token=b1.abc&start=2027-03-10T15%3A30%3A00.000Z`,
  ],
  matchesUrl: `${APP}/matches`,
  profileUrl: `${APP}/profile`,
  unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
};

/** One sample of every template in this folder (the match e-mails: newsletter-templates.test.ts). */
const samples: Record<string, ReactElement> = {
  "magic-link-email": MagicLinkEmail({ url: `${APP}/magic-auth?token=abc_DEF-123`, hours: 24 }),
  "sign-in-code-email": SignInCodeEmail({ code: "012345", minutes: 15 }),
  "set-password-email": SetPasswordEmail({
    url: `${APP}/set-password?token=abc_DEF-123`,
    hours: 24,
    purpose: "invite",
  }),
  "inquiry-email": InquiryEmail({
    companyName: "Acme",
    contactEmail: "boss@acme.example",
    expectedUsers: "50",
    additionalInfo: null,
    receivedAt: new Date("2027-03-01T10:00:00.000Z"),
  }),
  "launch-email": LaunchEmail({
    company: "Acme & Co",
    signInUrl: `${APP}/auth`,
    hasDepartments: true,
    unsubscribeUrl: `${APP}/unsubscribe?token=invite.YUBiLmM.abc`,
  }),
  "round-draft-email": RoundDraftEmail({
    scope: "All Users",
    month: "March 2027",
    pairs: 12,
    unmatched: 1,
    publishAt: "Monday, March 1, 2027 at 09:00 UTC",
    reviewUrl: `${APP}/admin`,
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
  "booking-nudge-email": BookingNudgeEmail(nudge),
  "still-in-email": StillInEmail({
    greeting: "Ada",
    answerUrl: `${APP}/still-in?token=s1.abc`,
    profileUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
  "pause-ending-email": PauseEndingEmail({
    greeting: "Ada",
    until: "Tuesday, June 15, 2027",
    profileUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
  "match-changed-email": MatchChangedEmail({
    greeting: "Ada",
    title: "We heard you're away in March 2027",
    lines: [
      "A partner of yours told us you're away in March 2027.",
      "If that's not right, press the button.",
    ],
    action: { url: `${APP}/not-away?token=n1.abc`, label: "I'm not away" },
    profileUrl: `${APP}/profile`,
    unsubscribeUrl: `${APP}/unsubscribe?token=u1.abc`,
  }),
};

describe("every e-mail template", () => {
  checkEmailTemplates(
    import.meta.dirname,
    samples,
    (name) => !MATCH_EMAIL_TEMPLATES.includes(name),
  );

  it("draws its buttons with EmailButton alone", () => {
    const files = readdirSync(import.meta.dirname).filter(
      (file) => file.endsWith(".tsx") && file !== "email-button.tsx",
    );
    const ownButtons = files.filter((file) => {
      const text = readFileSync(join(import.meta.dirname, file), "utf8");
      return /<Button\b|\bButton,|\{ Button\b|display: "inline-block"/.test(text);
    });
    expect(files).toContain("check-in-email.tsx");
    expect(ownButtons).toEqual([]);
  });
});

describe("the launch invitation", () => {
  it("promises what the engine does: the chosen size, the department wish only where there are departments, one chat length", async () => {
    const { text } = await renderEmail(samples["launch-email"]);
    expect(text).toContain("a 30-minute chat");
    expect(text).toContain("a small group of three or four if you choose that on your profile");
    expect(text).toContain("your own department, another one, or either");
    expect(text).not.toMatch(/another team|half-hour/);
    const without = await renderEmail(
      LaunchEmail({
        company: "",
        signInUrl: `${APP}/auth`,
        hasDepartments: false,
        unsubscribeUrl: `${APP}/unsubscribe?token=invite.YUBiLmM.abc`,
      }),
    );
    expect(without.text).not.toContain("department");
  });
});

describe("the plain-text parts", () => {
  it("show the check-in's three choices one a line, and say a second press is needed", async () => {
    const { text } = await renderEmail(samples["check-in-email"]);
    expect(text).toMatch(/^Met <https:\S+choice=met>$/m);
    expect(text).toMatch(/^Not yet <https:\S+choice=not_yet>$/m);
    expect(text).toMatch(/^Skip this month <https:\S+choice=skip>$/m);
    expect(text).not.toContain("one click");
    expect(text).toContain("asks you to confirm it");
  });

  it("show each proposed time in the reader's zone with its booking link, one a line", async () => {
    const { text } = await renderEmail(samples["booking-nudge-email"]);
    expect(text).toContain("in your time zone, Central European Time (Europe/Berlin):");
    expect(text).toMatch(
      /^Fri, Mar 5, 15:00 <https:\S+\/book-time\?token=b1\.abc&start=2027-03-05\S+>$/m,
    );
    expect(text).toMatch(/^Wed, Mar 10, 16:30 <https:\S+start=2027-03-10\S+>$/m);
    const none = await renderEmail(BookingNudgeEmail({ ...nudge, times: [], links: [] }));
    expect(none.text).not.toContain("book-time");
    expect(none.text).toContain("No time fits everyone right now");
  });

  it("date an inquiry as a person reads it, not as an ISO timestamp", async () => {
    const { text } = await renderEmail(samples["inquiry-email"]);
    expect(text).toContain("Monday, March 1, 2027 at 10:00 UTC");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
