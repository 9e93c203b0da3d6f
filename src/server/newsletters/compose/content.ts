import { monthName } from "../../../shared/months";
import { BRAIN_BUZZER_LETTERS, DEFAULT_PRO_TIPS } from "../../../shared/newsletters";
import type { Config } from "../../config";
import type { NewsletterRow } from "../../db/schema";
import { absoluteImageUrl } from "../../images/email-rendition";
import type { NewsletterEmailContent } from "../../mail/templates/views";
import { parseList } from "../present";

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
