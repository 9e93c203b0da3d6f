import { monthName } from "../../../shared/months";
import {
  BRAIN_BUZZER_LETTERS,
  DEFAULT_PRO_TIPS,
  isEmailImageUrl,
} from "../../../shared/newsletters";
import { monthDisplay } from "../../../shared/pairings";
import type { Config } from "../../config";
import type { NewsletterRow } from "../../db/schema";
import { emailSafeImageUrl } from "../../images/email-rendition";
import { parseList } from "../present";
import type { AnnouncementContent, NewsletterEmailContent } from "./templates/views";

/**
 * An image address made absolute on APP_URL, as e-mails must link it (our WebP images as JPEG);
 * null when missing or not an http(s) image address.
 */
export function absoluteImageUrl(appUrl: string, value: string | null | undefined): string | null {
  if (!value || !isEmailImageUrl(value)) return null;
  return emailSafeImageUrl(appUrl, new URL(value, `${appUrl}/`).toString());
}

export function newsletterContent(config: Config, row: NewsletterRow): NewsletterEmailContent {
  const period = `${monthName(row.month) ?? row.month} ${row.year}`;
  const choices = parseList(row.brainBuzzerChoices).slice(0, BRAIN_BUZZER_LETTERS.length);
  const answerIndex = (BRAIN_BUZZER_LETTERS as readonly string[]).indexOf(
    row.brainBuzzerCorrectAnswer ?? "",
  );
  const tips = parseList(row.proTips);
  return {
    periodLabel: period,
    title: row.title,
    preview: `Meet your ${period} coffee chat match`,
    headerImageUrl: absoluteImageUrl(config.appUrl, row.newsletterImageUrl),
    moodText: row.moodDescription,
    moodImageUrl: absoluteImageUrl(config.appUrl, row.moodImageUrl),
    quoteText: row.quoteText,
    quoteAuthor: row.quoteAuthor,
    brainBuzzer:
      row.brainBuzzerQuestion && choices.length >= 2
        ? {
            question: row.brainBuzzerQuestion,
            choices,
            answer:
              answerIndex >= 0 && answerIndex < choices.length
                ? `${BRAIN_BUZZER_LETTERS[answerIndex]}. ${choices[answerIndex]}`
                : null,
          }
        : null,
    coffeeChatsParagraph: row.coffeeChatsParagraph,
    starters: parseList(row.coffeeChatStarters),
    proTips: tips.length > 0 ? tips : [...DEFAULT_PRO_TIPS],
    closingMessage: row.closingMessage,
    matchesUrl: `${config.appUrl}/matches`,
    profileUrl: `${config.appUrl}/profile`,
  };
}

/** The newsletter's subject line: its own, or its title. */
export function subjectOf(row: NewsletterRow): string {
  return row.subject ?? row.title;
}

/** The short announcement's content for a pairing's month ("2027-03"). */
export function announcementContent(
  config: Config,
  month: string,
  title?: string,
): AnnouncementContent {
  const period = monthDisplay(month);
  return {
    title: title ?? `Your coffee chat match for ${period}`,
    preview: `Meet your ${period} coffee chat match`,
    matchesUrl: `${config.appUrl}/matches`,
    profileUrl: `${config.appUrl}/profile`,
  };
}
