import { z } from "zod";
import type { SendStatus } from "./enums";
import { CHAT_DURATION_MINUTES } from "./matches";
import { monthName } from "./months";

/** Limits, product texts and small helpers of the newsletter contract (docs/newsletters.md). */

export const TITLE_MAX = 200;
export const SUBJECT_MAX = 200;
export const SHORT_TEXT_MAX = 200;
export const TEXT_MAX = 2000;
export const URL_MAX = 2000;
export const LIST_ITEM_MAX = 300;
export const LIST_MAX = 10;
export const BRAIN_BUZZER_MIN_CHOICES = 2;
export const BRAIN_BUZZER_MAX_CHOICES = 4;
export const BRAIN_BUZZER_LETTERS = ["A", "B", "C", "D"] as const;
export type BrainBuzzerLetter = (typeof BRAIN_BUZZER_LETTERS)[number];

/** The three default pro tips (a casual chat of the usual length, be curious, go beyond job titles). */
export const DEFAULT_PRO_TIPS = [
  `Keep it casual: ${CHAT_DURATION_MINUTES} minutes over coffee is plenty.`,
  "Be curious: ask an open question and really listen to the answer.",
  "Go beyond job titles: ask what they enjoy outside work.",
] as const;

/** A new month's newsletter title: "Cup of Joe - March 2027". */
export function newsletterTitle(month: number, year: number): string {
  return `Cup of Joe - ${monthName(month) ?? month} ${year}`;
}

/** "Cup of Joe - March 2027 Newsletter". */
export function newsletterSubject(month: number, year: number): string {
  return `Cup of Joe - ${monthName(month) ?? month} ${year} Newsletter`;
}

/** Labels of the log entries' send statuses; any other value reads "Unknown". */
export const sendStatusLabels: Record<SendStatus, string> = {
  success: "Success",
  failed: "Failed",
  sendgrid_limit: "SendGrid Limit",
  sendgrid_forbidden: "SendGrid Forbidden",
  sendgrid_error: "SendGrid Error",
};
export function sendStatusLabel(status: string): string {
  return (sendStatusLabels as Record<string, string>)[status] ?? "Unknown";
}

export const LINK_PAIRING_FIRST =
  "Please link a pairing group to this newsletter before sending. Edit the newsletter to select a pairing group.";
export const SELECT_PAIRING_FIRST = "Please select a pairing file first";
export const ENTER_PREVIEW_RECIPIENT = "Please enter a recipient email to preview";
export const USER_NOT_FOUND = "The selected user was not found in the system.";

/**
 * Why the send would not e-mail someone the editor previews (docs/newsletters.md, "Recipients");
 * the server decides it with the send's own rule.
 */
export const NO_NEWSLETTER_REASONS = [
  "no-pairing",
  "opted-out",
  "deactivated",
  "not-whitelisted",
  "paused",
  "not-in-pairing",
  "told-in-chat",
] as const;
export type NoNewsletterReason = (typeof NO_NEWSLETTER_REASONS)[number];

/** The preview's line for someone the send does not e-mail. */
export const noNewsletterTexts: Record<NoNewsletterReason, string> = {
  "no-pairing": "No pairing is linked yet: nobody receives this newsletter until you link one.",
  "opted-out": "This person opted out: they receive no newsletter.",
  deactivated: "This person's account is deactivated: they receive no newsletter.",
  "not-whitelisted": "This person is no longer on the whitelist: they receive no newsletter.",
  paused: "This person paused before the pairing was made: they receive no newsletter.",
  "not-in-pairing":
    "This person is not in the linked pairing and not ready to pair in its group: they receive no newsletter.",
  "told-in-chat":
    "This person is introduced in Slack or Microsoft Teams: they receive no newsletter e-mail.",
};
export const NEWSLETTER_ARCHIVED =
  "This newsletter was sent and automatically archived. Email previews are not available for sent newsletters since they are deleted to keep the system clean.";

/** A required e-mail address: `required` when blank, the usual message when malformed. */
export const emailField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(320, { error: "Please enter a valid email address" })
    .pipe(z.email({ error: "Please enter a valid email address" }));
